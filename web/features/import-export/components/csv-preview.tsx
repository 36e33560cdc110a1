import { useId } from "react";
import type { ImportEncoding } from "@shared/import-encodings";
import type { ColumnMapping } from "@shared/import-schemas";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { ImportPreview } from "../api";
import { columnCount, csvTable, mapsAPhone } from "../lib/csv-layout";
import { ColumnMappingTable } from "./column-mapping-table";
import { EncodingSelect } from "./encoding-select";
import { PreviewFacts } from "./preview-facts";
import { SampleTable } from "./sample-table";
import { StoredContactsTable } from "./stored-contacts-table";

const DELIMITERS: Record<string, string> = { ",": "Comma (,)", ";": "Semicolon (;)", "\t": "Tab", "|": "Pipe (|)" };

interface CsvPreviewProps {
  preview: ImportPreview;
  hasHeader: boolean;
  mapping: ColumnMapping[];
  onHasHeaderChange: (hasHeader: boolean) => void;
  onMappingChange: (mapping: ColumnMapping[]) => void;
  onEncodingChange: (encoding: ImportEncoding) => void;
  /** Read again in another encoding just now. */
  rereading: boolean;
}

/** What the server read from a CSV file, and the mapping of its columns the person confirms or changes. */
export function CsvPreview({
  preview,
  hasHeader,
  mapping,
  onHasHeaderChange,
  onMappingChange,
  onEncodingChange,
  rereading,
}: CsvPreviewProps) {
  const headerSwitch = useId();
  const { names, rows } = csvTable(preview.sample, columnCount(preview), hasHeader);
  // The server counted rows for the header row it detected; the person's answer moves one row.
  const rowsToImport = preview.estimatedRows + Number(preview.hasHeader) - Number(hasHeader);
  const delimiter = preview.delimiter ?? ",";
  return (
    <div className="flex flex-col gap-4" aria-busy={rereading}>
      <EncodingSelect value={preview.encoding} onChange={onEncodingChange} disabled={rereading} />
      <PreviewFacts
        facts={[
          ["Delimiter", DELIMITERS[delimiter] ?? delimiter],
          ["Rows", rowsToImport.toLocaleString()],
        ]}
      />
      <div className="flex items-center gap-3">
        <Switch id={headerSwitch} checked={hasHeader} onCheckedChange={onHasHeaderChange} />
        <Label htmlFor={headerSwitch}>{preview.firstRow > 1 ? `Row ${preview.firstRow} is a header` : "First row is a header"}</Label>
      </div>
      {preview.firstRow > 1 && (
        <p className="text-sm text-muted-foreground">
          The table starts at row {preview.firstRow};{" "}
          {preview.firstRow === 2
            ? "the row above it (a title or notes) is not imported."
            : "the rows above it (a title or notes) are not imported."}
        </p>
      )}
      <SampleTable caption="First rows of the file" columns={names} rows={rows} />
      <ColumnMappingTable names={names} examples={rows[0] ?? []} mapping={mapping} onChange={onMappingChange} />
      <StoredContactsTable contacts={preview.contacts} />
      {!mapsAPhone(mapping) && (
        <p role="status" className="text-sm text-destructive">
          Choose the column that holds the phone number: rows without a phone number are not imported.
        </p>
      )}
    </div>
  );
}
