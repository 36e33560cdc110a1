import { deserialize } from "node:v8";
import type { ContactRules } from "../../../shared/contact-model/data-schema.js";
import type { CountryCode } from "../../../shared/phone.js";
import type { CsvLayout, ImportFile } from "../../import/read-file.js";
import type { RowOutcome } from "./prepare.js";
import { startWorker } from "./worker-start.js";

/**
 * Files of at least this many rows are prepared on a thread of their own: parsing, mapping and phone
 * parsing are about half of an import's work, and beside the writes they take the other core instead
 * of the request thread (100,000 rows: 26 s in one thread). Smaller files are not worth a thread's start.
 */
export const OFF_THREAD_ROWS = 4000;

export interface PrepareJob {
  file: ImportFile;
  layout?: CsvLayout | undefined;
  country: CountryCode;
  rules: ContactRules;
  /** Batches prepared ahead of the writes. */
  ahead: number;
  /** Rows a message carries (a batch is sent in parts). */
  partRows: number;
  /** How much lower than the process the thread runs (Linux nice steps): it yields the cores to the planning and writing threads. */
  nice: number;
}

/**
 * The preparing thread runs at a lower priority, far enough ahead to fill the gaps the others leave. On
 * two cores an import's three threads (and V8's collector threads) competed for them alike, and the
 * writing thread, which cannot go faster than it gets a core, waited for one a third of its time:
 * 24.5 s against 28.4 s for 100,000 rows on SQLite with the change (bench/RESULTS.md, seventh
 * session). Eight batches are about 30 MB held ahead.
 */
const PREPARE_AHEAD = 8;
const PREPARE_NICE = 10;

/**
 * Rows a message of the preparing thread carries: a batch goes in parts, so what was sent is that thread's
 * garbage at once. Its young collections took 2.4 s against 3.0 s in a traced run of 100,000 rows.
 */
const PART_ROWS = 250;

/**
 * A part travels as V8's serialized bytes (node:v8, as postMessage would copy it, pictures included) and
 * becomes objects only when its batch is taken: the batches waiting ahead are bytes outside the request
 * thread's heap, not objects its collections copy and mark (one traced run: its young collections 1.3 s
 * against 1.6 s, the process 60-130 MB smaller).
 */
export type PrepareMessage = { part: Uint8Array; end: boolean } | { done: true } | { error: string };

/**
 * The prepared batches of a file, from a worker thread that reads and prepares the next batches while
 * the caller writes this one. Stopping early (a failed write) ends the thread.
 */
export async function* batchesOffThread(take: () => Omit<PrepareJob, "ahead" | "nice" | "partRows">): AsyncGenerator<RowOutcome[]> {
  // Taken here and not kept: the thread holds its own copy of the file from its start.
  const worker = startWorker({ source: "prepare-worker.ts", built: "import-worker.js" }, {
    ...take(),
    ahead: PREPARE_AHEAD,
    nice: PREPARE_NICE,
    partRows: PART_ROWS,
  } satisfies PrepareJob);
  const inbox: PrepareMessage[] = [];
  let wake: (() => void) | undefined;
  const receive = (message: PrepareMessage) => {
    inbox.push(message);
    wake?.();
  };
  worker.on("message", receive);
  worker.on("error", (error) => receive({ error: error.message }));
  worker.on("exit", (code) => receive({ error: `the preparing thread stopped (exit code ${code})` }));
  let batch: Uint8Array[] = [];
  try {
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = inbox.shift()!;
      if ("error" in message) throw new Error(`Preparing the rows failed: ${message.error}`);
      if ("done" in message) return;
      batch.push(message.part);
      if (!message.end) continue;
      worker.postMessage("more");
      const parts = batch;
      batch = [];
      const full = parts.flatMap((part) => deserialize(part) as RowOutcome[]);
      if (full.length) yield full;
    }
  } finally {
    worker.removeAllListeners();
    await worker.terminate();
  }
}
