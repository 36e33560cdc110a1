// The CPU-bound half of an import: rows of a file cut into batches, and each batch's rows turned into
// contacts ready to write (validated data, columns, match keys). Free of the database and of sharp, so
// that a worker thread (prepare-worker.ts) can run it beside the writes.
import type { ContactRules } from "../../../shared/contact-model/data-schema.js";
import { nameKey } from "../../../shared/contact-model/same-person.js";
import type { CountryCode } from "../../../shared/phone.js";
import type { CardExtras, ContactCandidate } from "../../cards/candidate.js";
import type { PreparedRow } from "../../import/read-file.js";
import { candidateToData } from "../../cards/candidate-to-data.js";
import type { PreparedPhoto } from "../contact-photos.js";
import { type PreparedColumns, preparedColumns } from "../contact-row.js";

/**
 * Rows written per transaction: a crash keeps every batch committed before it. Larger batches write
 * faster (fewer commits, fewer full-text segments) but hold SQLite's write lock longer: 2,000 rows is
 * about 0.1-0.2 s, which other writers wait out.
 */
export const IMPORT_BATCH = 2000;
/**
 * A batch ends sooner once its rows hold this much text: SQLite's write runs on the request thread, and
 * every character of a note enters the trigram index. 2,000 rows of 5,000-character notes held the
 * thread for over a second; 2,000 rows of a usual export are about 300 KB.
 */
export const IMPORT_BATCH_CHARS = 512 * 1024;

/**
 * Where batches end, by the two limits above: the function it answers is given each row in turn and
 * answers true once the rows since the last cut fill a batch. It keeps none of them (the preparing
 * thread lets each raw row go once prepared).
 */
export function batchCutter() {
  let rows = 0;
  let chars = 0;
  return (row: PreparedRow): boolean => {
    rows++;
    for (const cell of row.raw) chars += cell.length;
    if (rows < IMPORT_BATCH && chars < IMPORT_BATCH_CHARS) return false;
    rows = 0;
    chars = 0;
    return true;
  };
}

/** Cuts rows into batches by the two limits above: `add` answers a batch once one is full. */
export function batcher() {
  let batch: PreparedRow[] = [];
  const cut = batchCutter();
  const take = () => {
    const full = batch;
    batch = [];
    return full;
  };
  return {
    add(row: PreparedRow): PreparedRow[] | null {
      batch.push(row);
      return cut(row) ? take() : null;
    },
    /** The rows left at the end (possibly none). */
    rest: take,
  };
}

/**
 * What the write of a row needs of the row as the file held it: its label, what it left out, its labels,
 * picture and a card's extras, and its cells only when it failed (the failed-rows download). The
 * candidate's fields are in the columns by now; passing them from the preparing thread too made the
 * request thread's garbage collection a quarter of an import.
 */
export interface SentRow {
  label: string;
  raw: string[];
  extras?: CardExtras | undefined;
  candidate: Pick<ContactCandidate, "leftOut" | "categories" | "photo">;
}

const sent = (row: PreparedRow, failed: boolean): SentRow => ({
  label: row.label,
  raw: failed ? row.raw : [],
  extras: row.extras,
  candidate: { leftOut: row.candidate.leftOut, categories: row.candidate.categories, photo: row.candidate.photo },
});

/** A row ready to write: its columns (its data's, derived ones included) and match keys. */
export interface ReadyRow {
  row: SentRow;
  written: PreparedColumns;
  /** The row's picture, resized (a vCard's PHOTO). */
  photo?: PreparedPhoto | undefined;
  /** Its names as contacts' names are compared with them (match.ts). */
  words: string;
}

/** A row after validation: refused with its reason, or ready (with the warnings it earned). */
export type RowOutcome = { row: SentRow; message: string } | (ReadyRow & { warnings: string[] });

/** Validates a row and derives its columns and keys (parsing phones above all). */
export function prepareRow(row: PreparedRow, country: CountryCode, rules: ContactRules): RowOutcome {
  const outcome = candidateToData(row.candidate, rules);
  if (!outcome.ok) return { row: sent(row, true), message: outcome.message };
  // The favourite is the plan's to set: the columns and the names read none.
  const { data } = outcome;
  return { row: sent(row, false), written: preparedColumns(data, country), words: nameKey(data), warnings: outcome.warnings };
}

/** prepareRow of each row of a batch. */
export const prepareBatch = (rows: PreparedRow[], country: CountryCode, rules: ContactRules): RowOutcome[] =>
  rows.map((row) => prepareRow(row, country, rules));
