import Papa from "papaparse";

export interface CsvTable {
  delimiter: string;
  /** Every record, blank lines left out; cells as written (quotes undone). */
  records: string[][];
  /** The 1-based row of each record as a spreadsheet program shows it (blank lines count). */
  rowNumbers: number[];
}

const DELIMITERS = [",", ";", "\t", "|"];

/**
 * Parses CSV text with papaparse: RFC 4180 quoting (delimiters, quotes and line breaks inside quoted
 * fields), CR, LF or CRLF, with or without a final line break; the delimiter detected among comma,
 * semicolon, tab and pipe. Returns null when the text is no table at all.
 */
export function parseCsv(text: string): CsvTable | null {
  // The delimiter is guessed on the first records without blank lines (they would spoil the guess); the
  // whole text is then read with blank lines kept, so every record keeps its row number.
  const { delimiter } = Papa.parse<string[]>(text, { delimitersToGuess: DELIMITERS, skipEmptyLines: "greedy", preview: 50 }).meta;
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const records: string[][] = [];
  const rowNumbers: number[] = [];
  result.data.forEach((record, i) => {
    if (!record.some((cell) => cell.trim() !== "")) return;
    records.push(record);
    rowNumbers.push(i + 1);
  });
  if (records.length === 0) return null;
  return { delimiter: result.meta.delimiter, records, rowNumbers };
}
