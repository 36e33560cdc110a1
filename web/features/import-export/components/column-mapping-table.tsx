import { type ColumnMapping, IMPORT_TARGETS, IMPORT_TARGET_LABELS, type ImportTarget } from "@shared/import-schemas";
import type { PhoneType } from "@shared/contact-fields";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";
import { PHONE_TYPE_LABELS } from "@/features/contacts/lib/contact-display";
import { PHONE_TYPES } from "@shared/contact-fields";
import { isPhoneTarget, retarget } from "../lib/csv-layout";

const TARGET_OPTIONS = IMPORT_TARGETS.map((target) => ({ value: target, label: IMPORT_TARGET_LABELS[target] }));
// 'Automatic': the row's phone type column when the file has one, else Mobile (the server's rule).
const PHONE_TYPE_OPTIONS = [
  { value: "", label: "Automatic" },
  ...PHONE_TYPES.map((type) => ({ value: type, label: PHONE_TYPE_LABELS[type] })),
];

interface ColumnMappingTableProps {
  names: string[];
  /** A value of each column from the first data row, to recognise it by. */
  examples: string[];
  mapping: ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
}

/** One line per column of the file: what it holds and the contact field it fills (or 'Ignore'). */
export function ColumnMappingTable({ names, examples, mapping, onChange }: ColumnMappingTableProps) {
  const set = (index: number, column: ColumnMapping) => onChange(mapping.map((c, i) => (i === index ? column : c)));
  return (
    <Table caption="Column mapping" className="max-h-[28rem] overflow-y-auto">
      <TableHeader>
        <TableHead>Column</TableHead>
        <TableHead className="max-sm:hidden">Example</TableHead>
        <TableHead>Contact field</TableHead>
      </TableHeader>
      <tbody>
        {names.map((name, i) => {
          const column = mapping[i] ?? { target: "ignore" };
          return (
            <TableRow key={i}>
              <TableRowHeader className="max-w-40 break-words">{name}</TableRowHeader>
              <TableCell className="max-w-40 truncate text-muted-foreground max-sm:hidden" title={examples[i] ?? ""}>
                {examples[i] ?? ""}
              </TableCell>
              <TableCell className="sm:min-w-48">
                <div className="flex flex-col gap-2">
                  <NativeSelect
                    aria-label={`Field for column ${name}`}
                    value={column.target}
                    options={TARGET_OPTIONS}
                    onChange={(event) => set(i, retarget(column, event.target.value as ImportTarget))}
                  />
                  {isPhoneTarget(column.target) && (
                    <NativeSelect
                      aria-label={`Phone type for column ${name}`}
                      value={column.phoneType ?? ""}
                      options={PHONE_TYPE_OPTIONS}
                      onChange={(event) =>
                        set(
                          i,
                          event.target.value
                            ? { target: column.target, phoneType: event.target.value as PhoneType }
                            : { target: column.target },
                        )
                      }
                    />
                  )}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
    </Table>
  );
}
