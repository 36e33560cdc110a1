import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";
import type { ImportPreview } from "../api";

const BY = { phone: "Same phone number", email: "Same e-mail address" } as const;

interface ImportMatchesProps {
  matches: ImportPreview["matches"];
  /** Over the whole file; the list holds the first of them. */
  count: number;
  excluded: readonly string[];
  onExcludedChange: (excluded: string[]) => void;
}

/**
 * Before anything is written: the rows that will update or fill existing contacts (a shared phone or
 * e-mail, and a name that agrees), each with the contact and why, and a box to leave the row out.
 */
export function ImportMatches({ matches, count, excluded, onExcludedChange }: ImportMatchesProps) {
  const id = useId();
  if (count === 0) return null;
  const toggle = (row: string, keep: boolean) =>
    onExcludedChange(keep ? excluded.filter((r) => r !== row) : [...new Set([...excluded, row])]);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        {count === 1 ? "1 row matches an existing contact" : `${count.toLocaleString()} rows match existing contacts`}
      </h3>
      <p className="text-sm text-muted-foreground">
        They share a phone number or e-mail address and the name. What happens to them is chosen below; clear a row&apos;s box to leave it
        out of the import.
        {count > matches.length && ` The first ${matches.length.toLocaleString()} are listed.`}
      </p>
      <Table caption="Rows that match existing contacts" className="max-h-72 overflow-y-auto">
        <TableHeader>
          <TableHead>Import</TableHead>
          <TableHead>Row</TableHead>
          <TableHead>Existing contact</TableHead>
          <TableHead>Why</TableHead>
        </TableHeader>
        <tbody>
          {matches.map((m) => {
            const box = `${id}-${m.row}`;
            return (
              <TableRow key={m.row}>
                <TableCell>
                  <Checkbox
                    id={box}
                    checked={!excluded.includes(m.row)}
                    onCheckedChange={(value) => toggle(m.row, value === true)}
                    aria-label={`Import ${m.row} (matches ${m.contactName})`}
                  />
                </TableCell>
                <TableRowHeader className="whitespace-nowrap">{m.row}</TableRowHeader>
                <TableCell className="max-w-48 break-words">{m.contactName}</TableCell>
                <TableCell className="whitespace-nowrap">{BY[m.by]}</TableCell>
              </TableRow>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
