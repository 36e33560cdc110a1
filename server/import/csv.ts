import Papa from "papaparse";
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROW_CHARS } from "../../shared/import-limits.js";
import { rowTooLong, tooManyColumns } from "../cards/file-limits.js";
import { PAUSE, type Pause, STEP_BYTES, type Steps, withoutPauses } from "../cards/pacing.js";

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
/**
 * Text the dialect is guessed from. Papaparse reads the first records of all it is given once per
 * delimiter tried, and a whole 10 MB file without quotes is split into lines each time.
 */
const DIALECT_SAMPLE = 32 * 1024;
/** Text parsed at a time: papaparse looks for quotes in, and splits, all of the text it is given. */
const WINDOW = 64 * 1024;

// Excel's 'sep=;' first line names the delimiter; Excel reads it and does not show it, so neither do we.
const EXCEL_SEPARATOR = /^"?sep=([,;\t|])"?[^\S\r\n]*(?:\r\n|\n|\r)/i;

/**
 * The delimiter and line break of CSV text (an Excel 'sep=' line's when it has one), guessed by papaparse on the first records (without blank
 * lines, which would spoil the guess) among comma, semicolon, tab and pipe.
 */
export function csvDialect(text: string): CsvText {
  const hint = EXCEL_SEPARATOR.exec(text.slice(0, DIALECT_SAMPLE));
  if (hint) {
    const rest = text.slice(hint[0].length);
    return {
      text: rest,
      delimiter: hint[1]!,
      newline: Papa.parse<string[]>(sampleOf(rest), { delimiter: hint[1]!, preview: 50 }).meta.linebreak,
    };
  }
  const { delimiter, linebreak } = Papa.parse<string[]>(sampleOf(text), {
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: "greedy",
    preview: 50,
  }).meta;
  return { text, delimiter, newline: linebreak };
}

/** The start of the text, cut after a line break when the text goes on (so the guess sees whole lines). */
function sampleOf(text: string): string {
  if (text.length <= DIALECT_SAMPLE) return text;
  const head = text.slice(0, DIALECT_SAMPLE);
  const cut = Math.max(head.lastIndexOf("\n"), head.lastIndexOf("\r"));
  if (cut < 0) return head;
  // A CRLF split by the cut would read as a CR line end.
  return text.slice(0, cut + (text[cut] === "\r" && text[cut + 1] === "\n" ? 2 : 1));
}

/**
 * The non-blank records of CSV text, read with papaparse a window at a time: RFC 4180 quoting
 * (delimiters, quotes and line breaks inside quoted fields), CR, LF or CRLF, with or without a final
 * line break. The last record of a window may go on past it, so it is read again with the next window,
 * which starts where the record before it ended (the step cursor, just past its line break); a record
 * longer than a window is read in a window twice as large.
 */
export const csvRecords = (csv: CsvText): Generator<CsvRecord> => withoutPauses(csvRecordSteps(csv));

/** csvRecords with PAUSE after each window (server/cards/pacing.ts): a window can be all blank lines. */
export function* csvRecordSteps({ text, delimiter, newline }: CsvText): Generator<CsvRecord | Pause> {
  let offset = 0;
  let row = 0;
  let size = WINDOW;
  while (offset < text.length) {
    const end = Math.min(text.length, offset + size);
    const read: { record: string[]; cursor: number }[] = [];
    // A slice of a long string is a view, not a copy.
    Papa.parse<string[]>(text.slice(offset, end), {
      delimiter,
      newline: newline as "\n",
      skipEmptyLines: false,
      step: (result) => {
        read.push({ record: result.data, cursor: result.meta.cursor });
      },
    });
    if (end < text.length) read.pop();
    if (read.length === 0) {
      size *= 2;
      continue;
    }
    size = WINDOW;
    for (const { record } of read) {
      row++;
      if (record.some((cell) => cell.trim() !== "")) yield { record, row };
    }
    if (end === text.length) break;
    offset += read.at(-1)!.cursor;
    yield PAUSE;
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
 * Whether the line break starts at `i`. A function of the module's, not a closure over the text: the
 * optimized code of a count that inlined such a closure held the text (a whole upload, 19.5 MB in the
 * benchmark) as a constant for as long as that code lived.
 */
const isBreakAt = (text: string, i: number, first: number, lineBreak: string) =>
  text.charCodeAt(i) === first && (lineBreak.length === 1 || text.startsWith(lineBreak, i));

/**
 * How many non-blank records CSV text holds, counted by one scan of its characters rather than by parsing
 * it into cells, which also refuses a record wider or longer than the limits (shared/import-limits.ts)
 * before papaparse sees it. The count is what the progress bar divides by, taken before the import
 * starts, and parsing a 100,000-row file only to count it cost a second of work and a hundred megabytes of
 * short-lived cells. Quoting and line breaks as papaparse reads them, broken files included: records end
 * at the file's own line break (a lone CR in a CRLF file is a character); a quote opens a quoted field
 * only at the field's start (elsewhere it is a character, as in 5'11"); inside one, a doubled quote is a
 * quote character, and a quote closes the field only when spaces and then a delimiter, a line break or
 * the end follow it (otherwise papaparse keeps it as a character and reads on). Rows are numbered as in
 * csvRecords: every record counts, blank ones too.
 */
export function* countCsvRecords({ text, delimiter, newline }: CsvText): Steps<number> {
  const separator = delimiter.charCodeAt(0);
  const lineBreak = newline || "\n";
  const breakStart = lineBreak.charCodeAt(0);
  let records = 0;
  let row = 1;
  let rowStart = 0;
  let columns = 1;
  let quoted = false;
  let fieldStart = true;
  let filled = false;
  let pauseAt = STEP_BYTES;
  for (let i = 0; i < text.length; i++) {
    if (i >= pauseAt) {
      // A record as long as the file is refused on the way, not at its end.
      if (i - rowStart > IMPORT_MAX_ROW_CHARS) throw rowTooLong(row);
      pauseAt += STEP_BYTES;
      yield PAUSE;
    }
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) filled ||= !isBlank(c);
      else if (text.charCodeAt(i + 1) === QUOTE) {
        filled = true;
        i++;
      } else {
        let next = i + 1;
        while (next < text.length && (text.charCodeAt(next) === SPACE || (text.charCodeAt(next) === TAB && separator !== TAB))) next++;
        if (next >= text.length || text.charCodeAt(next) === separator || isBreakAt(text, next, breakStart, lineBreak)) quoted = false;
        else filled = true;
      }
    } else if (isBreakAt(text, i, breakStart, lineBreak)) {
      if (i - rowStart > IMPORT_MAX_ROW_CHARS) throw rowTooLong(row);
      if (filled) records++;
      filled = false;
      fieldStart = true;
      i += lineBreak.length - 1;
      row++;
      rowStart = i + 1;
      columns = 1;
    } else if (c === separator) {
      fieldStart = true;
      if (++columns > IMPORT_MAX_COLUMNS) throw tooManyColumns(row);
    } else if (c === QUOTE && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else {
      fieldStart = false;
      filled ||= !isBlank(c);
    }
  }
  if (text.length - rowStart > IMPORT_MAX_ROW_CHARS) throw rowTooLong(row);
  return filled ? records + 1 : records;
}
