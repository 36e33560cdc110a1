import { Table, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** The first records of a file as they will be read, so the person sees what the columns hold. */
export function SampleTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    <Table caption={caption} className="max-h-56 overflow-y-auto">
      <TableHeader>
        {columns.map((name, i) => (
          <TableHead key={i} className="normal-case">
            {name}
          </TableHead>
        ))}
      </TableHeader>
      <tbody>
        {rows.map((row, r) => (
          <TableRow key={r}>
            {columns.map((_, c) => (
              <TableCell key={c} className="max-w-48 truncate whitespace-nowrap" title={row[c] ?? ""}>
                {row[c] ?? ""}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
