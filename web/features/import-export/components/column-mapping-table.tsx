import { type ColumnMapping, MAPPING_CHOICES, choiceOf, isListTarget } from "@shared/import-schemas";
import { LIST_FIELDS } from "@shared/contact-model/fields";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";
import { PHONE_TYPE_LABELS } from "@/lib/phone-type-labels";
import { retarget } from "../lib/csv-layout";

const TARGET_OPTIONS = MAPPING_CHOICES.map(({ value, label }) => ({ value, label }));

const typeLabel = (list: string, type: string) =>
  list === "phones" ? (PHONE_TYPE_LABELS[type as keyof typeof PHONE_TYPE_LABELS] ?? type) : type.charAt(0).toUpperCase() + type.slice(1);

/** 'Automatic': the row's type column when the file has one, else the field's usual type (the server's rule). */
function typeOptions(list: string) {
  const field = LIST_FIELDS.find((f) => f.key === list);
  return [{ value: "", label: "Automatic" }, ...(field?.types ?? []).map((type) => ({ value: type, label: typeLabel(list, type) }))];
}

interface ColumnMappingTableProps {
  names: string[];
  /** A value of each column from the first data row, to recognise it by. */
  examples: string[];
  mapping: ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
}

/**
 * One line per column of the file: what it holds and the contact field it fills, a custom field named
 * after it, or 'Leave out'; a value column of a list (phones, e-mails...) may be given its type.
 */
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
          const column = mapping[i] ?? { target: "custom", label: name };
          const typed = isListTarget(column.target) && column.part === "value" && column.target !== "custom_fields";
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
                    value={choiceOf(column)}
                    options={TARGET_OPTIONS}
                    onChange={(event) => set(i, retarget(column, event.target.value, name))}
                  />
                  {typed && (
                    <NativeSelect
                      aria-label={`Type for column ${name}`}
                      value={column.type ?? ""}
                      options={typeOptions(column.target)}
                      onChange={(event) => {
                        const { type: _type, ...rest } = column;
                        set(i, event.target.value ? { ...rest, type: event.target.value } : rest);
                      }}
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
