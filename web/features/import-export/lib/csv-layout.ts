import { type ColumnMapping, columnOfChoice } from "@shared/import-schemas";

/** How many rows of the file the preview shows. */
export const PREVIEW_ROWS = 5;

interface CsvSample {
  headers: string[];
  mapping: ColumnMapping[];
  /** The first records as written, header row included. */
  sample: string[][];
}

/** The number of columns the mapping must cover: the widest of the header and the first records. */
export const columnCount = ({ headers, mapping, sample }: CsvSample) =>
  Math.max(headers.length, mapping.length, ...sample.map((record) => record.length));

/** The server's guess, one entry per column (a column past the header is kept as a custom field). */
export function initialMapping(preview: CsvSample): ColumnMapping[] {
  return Array.from({ length: columnCount(preview) }, (_, i) => preview.mapping[i] ?? { target: "custom", label: `Column ${i + 1}` });
}

/**
 * The column names and the rows shown under them for the person's header choice: with a header row its
 * cells name the columns; without one, the columns are 'Column 1', 'Column 2'... and the first record is data.
 */
export function csvTable(sample: string[][], width: number, hasHeader: boolean) {
  const header = hasHeader ? (sample[0] ?? []) : [];
  const names = Array.from({ length: width }, (_, i) => header[i]?.trim() || `Column ${i + 1}`);
  const rows = sample.slice(hasHeader ? 1 : 0).slice(0, PREVIEW_ROWS);
  return { names, rows };
}

/** A new target for one column, picked from the select's choices (the entry and type stay within one list). */
export const retarget = (column: ColumnMapping, choice: string, columnName: string): ColumnMapping =>
  columnOfChoice(choice, column, columnName);

/** Without a phone column no row can be imported (spec section 5: a row without phone is skipped). */
export const mapsAPhone = (mapping: ColumnMapping[]) => mapping.some((column) => column.target === "phones" && column.part === "value");
