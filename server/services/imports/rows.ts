import { setImmediate } from "node:timers/promises";
import type { ContactRules } from "../../../shared/contact-model/data-schema.js";
import type { ImportMode } from "../../../shared/import-schemas.js";
import type { CountryCode } from "../../../shared/phone.js";
import type { Pacer } from "../../cards/pacing.js";
import type { CsvLayout, ImportFile, PreparedRow } from "../../import/read-file.js";
import { preparePhoto } from "../contact-photos.js";
import { type RowOutcome, batcher, prepareBatch } from "./prepare.js";
import { OFF_THREAD_ROWS, batchesOffThread } from "./prepare-thread.js";

// A run's rows: what a run is started with, what it writes once its file is read, and those rows as the
// prepared batches the writes take (from a thread of their own for a large file).

type RunFormat = "csv" | "vcard" | "native";

/** What a run writes, once its file is read. */
export interface RunRows {
  format: RunFormat;
  total: number;
  /** A CSV file's header row, for the failed-rows download. */
  headers: string[] | null;
  rows: AsyncIterable<PreparedRow> | Iterable<PreparedRow>;
  /** The file the rows are read from (a file's import): a large one is read again on a thread of its own. */
  file?: { file: ImportFile; layout?: CsvLayout | undefined };
}

export interface RunSource {
  /** The format as far as it is known before the file is read (its name's). */
  format: RunFormat;
  fileName: string;
  mode: ImportMode;
  /** Contacts join the groups their labels name. */
  labelsAsGroups?: boolean;
  /** Rows the person left out in the preview, by label. */
  exclude?: string[];
  /** Reads the file, refusing one that cannot be imported (an AppError: nothing is written). */
  read(pace: Pacer): Promise<RunRows>;
}

/**
 * The file for the preparing thread, which gets a copy of its own: the run lets go of its text here (a
 * 100,000-row file is tens of megabytes of string that every garbage collection would mark again).
 */
function handOver(source: Pick<RunRows, "rows" | "file">, country: CountryCode, rules: ContactRules) {
  const job = { ...source.file!, country, rules };
  source.file = undefined;
  source.rows = [];
  return job;
}

/**
 * A run's rows as prepared batches: a large file's from a thread of its own (read and prepared batches
 * ahead of the caller's writes), a small one's here, a hundred rows at a time with a turn of the event
 * loop in between (2,000 rows of phone parsing held the thread for a tenth of a second or more).
 */
export async function* outcomeBatches(
  source: Pick<RunRows, "rows" | "file" | "total">,
  country: CountryCode,
  rules: ContactRules,
): AsyncGenerator<RowOutcome[]> {
  if (source.file && source.total >= OFF_THREAD_ROWS) {
    yield* batchesOffThread(() => handOver(source, country, rules));
    return;
  }
  const { rows } = source;
  const batches = batcher();
  for await (const row of rows) {
    const full = batches.add(row);
    if (full) yield await prepareBatchInSlices(full, country, rules);
  }
  const rest = batches.rest();
  if (rest.length) yield await prepareBatchInSlices(rest, country, rules);
}

const PREPARE_SLICE = 100;

/** prepareBatch a hundred rows at a time (about 5 ms each) with a turn of the event loop after each. */
async function prepareBatchInSlices(rows: PreparedRow[], country: CountryCode, rules: ContactRules): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let i = 0; i < rows.length; i += PREPARE_SLICE) {
    outcomes.push(...prepareBatch(rows.slice(i, i + PREPARE_SLICE), country, rules));
    await setImmediate();
  }
  return outcomes;
}

/** Resizes the pictures of prepared rows, on sharp's threads; one that cannot be read is left out, said. */
export async function withPhotos(outcomes: RowOutcome[]) {
  for (const outcome of outcomes) {
    if ("message" in outcome || !outcome.row.candidate.photo) continue;
    outcome.photo = await preparePhoto(outcome.row.candidate.photo.bytes).catch((error: unknown) => {
      outcome.warnings.push(`the photo was left out: ${error instanceof Error ? error.message : "it could not be read"}`);
      return undefined;
    });
  }
}
