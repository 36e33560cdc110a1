import Papa from "papaparse";

export interface CsvTable {
  delimiter: string;
  /** Every record, blank lines left out; cells as written (quotes undone). */
  records: string[][];
}

const DELIMITERS = [",", ";", "\t", "|"];

/**
 * Parses CSV text with papaparse: RFC 4180 quoting (delimiters, quotes and line breaks inside quoted
 * fields), CR, LF or CRLF, with or without a final line break; the delimiter detected among comma,
 * semicolon, tab and pipe. Returns null when the text is no table at all.
 */
export function parseCsv(text: string): CsvTable | null {
  const result = Papa.parse<string[]>(text, { delimitersToGuess: DELIMITERS, skipEmptyLines: "greedy" });
  const records = result.data.filter((r) => r.some((cell) => cell.trim() !== ""));
  if (records.length === 0) return null;
  return { delimiter: result.meta.delimiter, records };
}
