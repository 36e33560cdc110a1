// A worker thread's entry: reads the rows of an import's file and prepares them batch by batch
// (prepare.ts), batches ahead of the plans and writes, at a lower priority than both. See
// prepare-thread.ts for the other side.
import { getPriority, setPriority } from "node:os";
import { serialize } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { fileRows } from "../../import/read-file.js";
import { type RowOutcome, batchCutter, prepareRow } from "./prepare.js";
import type { PrepareJob, PrepareMessage } from "./prepare-thread.js";

const job = workerData as PrepareJob;
// Linux keeps a nice value per thread, and 0 names the calling one; elsewhere it would be the whole process's.
// Lowered from where the process runs (a service may run niced already); if refused, the thread runs as before.
if (process.platform === "linux") {
  try {
    setPriority(0, Math.min(19, getPriority(0) + job.nice));
  } catch {
    // The priority is a matter of speed only.
  }
}
const port = parentPort!;
const rows = fileRows(job.file, job.layout);
const cut = batchCutter();
/** Batches it may send before the main thread asks for more: bounds the memory held ahead of the writes. */
let credits = job.ahead;
let finished = false;

const send = (message: PrepareMessage) => port.postMessage(message);

/**
 * Reads and prepares the next batch, a row at a time, and sends it in parts of PART_ROWS: a raw row
 * and a sent part are garbage at once, not live across the collections of a whole batch (they were
 * most of what this thread's young collections copied).
 */
function sendBatch() {
  let part: RowOutcome[] = [];
  for (;;) {
    const next = rows.next();
    if (next.done) {
      finished = true;
      send({ part: serialize(part), end: true });
      return;
    }
    part.push(prepareRow(next.value, job.country, job.rules));
    const end = cut(next.value);
    if (end || part.length === job.partRows) {
      send({ part: serialize(part), end });
      part = [];
      if (end) return;
    }
  }
}

function pump() {
  try {
    while (credits > 0 && !finished) {
      sendBatch();
      credits--;
      if (finished) send({ done: true });
    }
  } catch (error) {
    finished = true;
    send({ error: error instanceof Error ? error.message : String(error) });
  }
}

port.on("message", () => {
  credits++;
  pump();
});
pump();
