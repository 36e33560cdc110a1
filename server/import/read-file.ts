import type { ImportEncoding } from "../../shared/import-encodings.js";
import type { ColumnMapping } from "../../shared/import-schemas.js";
import { IMPORT_MAX_CONTACTS } from "../../shared/import-limits.js";
import { AppError } from "../errors.js";
import { countVCards, vcardSteps } from "../vcard/read.js";
import { readCard } from "../vcard/to-candidate.js";
import type { CardExtras, ContactCandidate } from "../cards/candidate.js";
import { columnName, guessMapping, guessMappingFromValues, looksLikeHeader, recordToCandidate } from "./csv-mapping.js";
import { recordsAboveHeader } from "./csv-preamble.js";
import { type CsvRecord, type CsvText, countCsvRecords, csvDialect, csvRecordSteps } from "./csv.js";
import { decodeText, decodeTextSteps, detectEncodingSteps, looksBinary, utf8Steps } from "./decode.js";
import { codePageOfLanguages } from "./encoding-guess.js";
import { withoutControlCharacters } from "../cards/control-characters.js";
import { tooManyContacts } from "../cards/file-limits.js";
import { PAUSE, type Pacer, type Pause, type Steps, paced, pacedItems, withoutPauses } from "../cards/pacing.js";

export type ImportFormat = "csv" | "vcard";

/** Records read ahead for the header guess, the mapping by values and the preview. */
const HEAD_RECORDS = 50;

/**
 * A file that was read through once (so it is known to be readable, and how many contacts it holds);
 * its rows are read again lazily by `preparedRows`, a batch at a time.
 */
export type ImportFile =
  | {
      format: "csv";
      encoding: ImportEncoding;
      csv: CsvText;
      /** The first records of the table, from its header row (or first row) on. */
      head: string[][];
      /** Records above the table (a title, notes), which are not read as rows. */
      above: number;
      /** The spreadsheet row of the table's first record when records are above it; 1 otherwise. */
      firstRow: number;
      /** The table's records, without those above it. */
      records: number;
    }
  | { format: "vcard"; encoding: ImportEncoding; raw: string; charset: string; cards: number };

export interface ReadOptions {
  /** What the file must be (the card it was dropped on). */
  expected?: ImportFormat | undefined;
  /** The encoding the person chose in the preview; detected when absent. */
  encoding?: ImportEncoding | undefined;
  /** The uploader's Accept-Language: a file that reads as well in two encodings is read in theirs. */
  acceptLanguage?: string | undefined;
}

export const unsupportedFile = () => new AppError(415, "UNSUPPORTED_FILE", "Only .csv and .vcf files can be imported");
export const csvUnreadable = () => new AppError(400, "PARSE_FAILED", "Failed to parse CSV file");
export const vcardUnreadable = () => new AppError(400, "PARSE_FAILED", "Failed to parse vCard file");

const startsWithVCard = (text: string) => /^\s*BEGIN:VCARD/i.test(text.slice(0, 2000));

/**
 * Reads an uploaded file: the format from its content first (a vCard begins with BEGIN:VCARD wherever
 * it came from), its name second; binary files, anything that is not a table or a card, and files past
 * the limits of shared/import-limits.ts are refused, so nothing is ever half-written from a file that
 * cannot be read. The work is done in steps with turns of the event loop between them
 * (server/cards/pacing.ts): a 10 MB file takes seconds, and other requests are served meanwhile.
 */
export const readImportFile = (bytes: Uint8Array, fileName: string, options: ReadOptions = {}, pace?: Pacer): Promise<ImportFile> =>
  paced(readImportFileSteps(bytes, fileName, options), pace);

/** The format a file's name says it is, if any (its content decides; see readImportFile). */
export const formatByName = (fileName: string): ImportFormat | null =>
  /\.vcf$|\.vcard$/i.test(fileName) ? "vcard" : /\.csv$|\.txt$/i.test(fileName) ? "csv" : null;

function* readImportFileSteps(bytes: Uint8Array, fileName: string, options: ReadOptions): Steps<ImportFile> {
  const { expected } = options;
  const byName = formatByName(fileName);
  if (looksBinary(bytes))
    throw byName === "vcard" || expected === "vcard"
      ? vcardUnreadable()
      : byName === "csv" || expected === "csv"
        ? csvUnreadable()
        : unsupportedFile();
  const encoding = options.encoding ?? (yield* detectEncodingSteps(bytes, codePageOfLanguages(options.acceptLanguage)));
  const start = decodeText(bytes.subarray(0, 4096), encoding);
  if (startsWithVCard(start)) return yield* readVCardFile(bytes, encoding);
  if (byName === "vcard" || expected === "vcard") throw vcardUnreadable();
  // A table under another extension (.xlsx, .doc...) is not what the user meant to send; a name without
  // one is read by its content.
  const otherExtension = byName === null && /\.[a-z0-9]{1,5}$/i.test(fileName);
  if (byName === null && expected === undefined && (otherExtension || !/[,;\t]/.test(start))) throw unsupportedFile();
  const csv = csvDialect(yield* decodeTextSteps(bytes, encoding, withoutControlCharacters));
  // Counted (and checked against the limits) before papaparse reads a record.
  const counted = yield* countCsvRecords(csv);
  const head: CsvRecord[] = [];
  for (const record of csvRecordSteps(csv)) {
    if (record === PAUSE) {
      yield PAUSE;
      continue;
    }
    head.push(record);
    if (head.length === HEAD_RECORDS) break;
  }
  if (head.length === 0) throw csvUnreadable();
  const above = recordsAboveHeader(head.map((r) => r.record));
  return {
    format: "csv",
    encoding,
    csv,
    // Copies: a cell of the parser's is a slice of the file's text and would keep all of it alive for
    // as long as the run holds its first records.
    head: JSON.parse(JSON.stringify(head.slice(above).map((r) => r.record))) as string[][],
    above,
    firstRow: above > 0 ? head[above]!.row : 1,
    records: counted - above,
  };
}

function* readVCardFile(bytes: Uint8Array, encoding: ImportEncoding): Steps<ImportFile> {
  // The reader decodes each property with its own CHARSET from a byte view of the file; a UTF-16 file
  // is turned into UTF-8 bytes first so that view holds one byte per character.
  const utf16 = encoding.startsWith("utf-16");
  const raw = (utf16 ? yield* utf8Steps(bytes, encoding) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString(
    "latin1",
  );
  const cards = yield* countVCards(raw);
  if (cards === 0) throw vcardUnreadable();
  return { format: "vcard", encoding, raw, charset: utf16 ? "utf-8" : encoding, cards };
}

export interface PreparedRow {
  /** 'Row 2' (the spreadsheet's row number) or 'Contact 3' (the card's position). */
  label: string;
  candidate: ContactCandidate;
  /** A vCard's UID and lines without a field (none for CSV). */
  extras?: CardExtras;
  /** The row as written, for the failed-rows download. */
  raw: string[];
}

export interface CsvLayout {
  hasHeader: boolean;
  headers: string[];
  mapping: ColumnMapping[];
}

/**
 * The header row and mapping of a CSV table (from its first records): as given, else guessed. A column
 * kept as a custom field, or left out, is named by its header (the custom field's label, the summary's
 * line) unless the mapping names it.
 */
export function csvLayout(head: string[][], hasHeader?: boolean, mapping?: ColumnMapping[]): CsvLayout {
  const header = hasHeader ?? looksLikeHeader(head[0] ?? []);
  const width = Math.max(...head.map((r) => r.length));
  const headers = header ? head[0]!.map((h) => h.trim()) : Array.from({ length: width }, (_, i) => columnName(i));
  const chosen = mapping ?? (header ? guessMapping(headers) : guessMappingFromValues(head));
  const named = chosen.map((column, i) =>
    (column.target === "custom" || column.target === "ignore") && !column.label?.trim()
      ? { ...column, label: headers[i] || columnName(i) }
      : column,
  );
  return { hasHeader: header, headers, mapping: named };
}

/**
 * The rows of a file as candidates, read lazily, numbered as the person will find them in the file, with
 * turns of the event loop in between (a card can be megabytes of lines).
 */
export const preparedRows = (file: ImportFile, layout?: CsvLayout, pace?: Pacer): AsyncGenerator<PreparedRow> =>
  pacedItems(rowsOf(file, layout), pace);

/** The same rows without turns of the event loop, for a thread that serves nothing else. */
export const fileRows = (file: ImportFile, layout?: CsvLayout): Generator<PreparedRow> => withoutPauses(rowsOf(file, layout));

function* rowsOf(file: ImportFile, layout?: CsvLayout): Generator<PreparedRow | Pause> {
  if (file.format === "vcard") {
    for (const card of vcardSteps(file.raw, file.charset)) {
      if (card === PAUSE) {
        yield PAUSE;
        continue;
      }
      const { candidate, extras } = readCard(card);
      yield { label: `Contact ${card.number}`, candidate, extras, raw: card.lines };
    }
    return;
  }
  const { hasHeader, mapping } = layout ?? csvLayout(file.head);
  // The records above the table, then its header row, are not rows.
  let skip = file.above + (hasHeader ? 1 : 0);
  for (const step of csvRecordSteps(file.csv)) {
    if (step === PAUSE) {
      yield PAUSE;
      continue;
    }
    const { record, row } = step;
    if (skip > 0) {
      skip--;
      continue;
    }
    yield { label: `Row ${row}`, candidate: recordToCandidate(record, mapping), raw: record };
  }
}

/** How many contacts the file holds; more than one import takes (IMPORT_MAX_CONTACTS) are refused. */
export function rowCount(file: ImportFile, layout?: CsvLayout): number {
  const rows = file.format === "vcard" ? file.cards : file.records - ((layout ?? csvLayout(file.head)).hasHeader ? 1 : 0);
  if (rows > IMPORT_MAX_CONTACTS) throw tooManyContacts(rows);
  return rows;
}
