import Papa from "papaparse";

export interface CsvText {
  text: string;
  delimiter: string;
  newline: string;
}

export interface CsvRecord {
  record: string[];
  /** The 1-based row as a spreadsheet program shows it (blank lines count, a quoted line break does not). */
  row: number;
}

const DELIMITERS = [",", ";", "\t", "|"];
/** Records parsed at a time: the file is read lazily, so a 100,000-row file never sits in memory as cells. */
const SLICE_RECORDS = 1000;

// Excel's 'sep=;' first line names the delimiter; Excel reads it and does not show it, so neither do we.
const EXCEL_SEPARATOR = /^"?sep=([,;\t|])"?[^\S\r\n]*(?:\r\n|\n|\r)/i;

/**
 * The delimiter and line break of CSV text (an Excel 'sep=' line's when it has one), guessed by papaparse on the first records (without blank
 * lines, which would spoil the guess) among comma, semicolon, tab and pipe.
 */
export function csvDialect(text: string): CsvText {
  const hint = EXCEL_SEPARATOR.exec(text);
  if (hint) {
    const rest = text.slice(hint[0].length);
    return { text: rest, delimiter: hint[1]!, newline: Papa.parse<string[]>(rest, { delimiter: hint[1]!, preview: 50 }).meta.linebreak };
  }
  const { delimiter, linebreak } = Papa.parse<string[]>(text, {
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: "greedy",
    preview: 50,
  }).meta;
  return { text, delimiter, newline: linebreak };
}

/**
 * The non-blank records of CSV text, read with papaparse a slice at a time: RFC 4180 quoting
 * (delimiters, quotes and line breaks inside quoted fields), CR, LF or CRLF, with or without a final
 * line break. Each slice starts where the last record of the one before ended (the step cursor, just
 * past its line break; the cursor of a `preview` parse can be one record late).
 */
export function* csvRecords({ text, delimiter, newline }: CsvText): Generator<CsvRecord> {
  let offset = 0;
  let row = 0;
  while (offset < text.length) {
    // A slice of a long string is a view, not a copy.
    const rest = offset === 0 ? text : text.slice(offset);
    const slice: string[][] = [];
    let cursor = 0;
    Papa.parse<string[]>(rest, {
      delimiter,
      newline: newline as "\n",
      skipEmptyLines: false,
      step: (result, parser) => {
        slice.push(result.data);
        cursor = result.meta.cursor;
        if (slice.length === SLICE_RECORDS) parser.abort();
      },
    });
    for (const record of slice) {
      row++;
      if (record.some((cell) => cell.trim() !== "")) yield { record, row };
    }
    if (slice.length < SLICE_RECORDS || cursor <= 0) break;
    offset += cursor;
  }
}

const QUOTE = 34;
const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

/** Blank as String.trim() sees it, for the characters a CSV file holds between its fields. */
const isBlank = (c: number) => c === SPACE || c === TAB || c === LF || c === CR || c === 0xa0 || c === 0xfeff;

/**
 * How many non-blank records CSV text holds, counted by one scan of its characters rather than by parsing
 * it into cells: the count is what the progress bar divides by, taken before the import starts, and
 * parsing a 100,000-row file only to count it cost a second of work and a hundred megabytes of
 * short-lived cells. Quoting and line breaks as papaparse reads them, broken files included: records end
 * at the file's own line break (a lone CR in a CRLF file is a character); a quote opens a quoted field
 * only at the field's start (elsewhere it is a character, as in 5'11"); inside one, a doubled quote is a
 * quote character, and a quote closes the field only when spaces and then a delimiter, a line break or
 * the end follow it (otherwise papaparse keeps it as a character and reads on).
 */
export function countCsvRecords({ text, delimiter, newline }: CsvText): number {
  const separator = delimiter.charCodeAt(0);
  const lineBreak = newline || "\n";
  const breakStart = lineBreak.charCodeAt(0);
  const breakAt = (i: number) => text.charCodeAt(i) === breakStart && (lineBreak.length === 1 || text.startsWith(lineBreak, i));
  let records = 0;
  let quoted = false;
  let fieldStart = true;
  let filled = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) filled ||= !isBlank(c);
      else if (text.charCodeAt(i + 1) === QUOTE) {
        filled = true;
        i++;
      } else {
        let next = i + 1;
        while (next < text.length && (text.charCodeAt(next) === SPACE || (text.charCodeAt(next) === TAB && separator !== TAB))) next++;
        if (next >= text.length || text.charCodeAt(next) === separator || breakAt(next)) quoted = false;
        else filled = true;
      }
    } else if (breakAt(i)) {
      if (filled) records++;
      filled = false;
      fieldStart = true;
      i += lineBreak.length - 1;
    } else if (c === separator) fieldStart = true;
    else if (c === QUOTE && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else {
      fieldStart = false;
      filled ||= !isBlank(c);
    }
  }
  return filled ? records + 1 : records;
}
