// A worker thread's entry: reads the rows of an import's file and prepares them batch by batch
// (prepare.ts), batches ahead of the plans and writes, at a lower priority than both. See
// prepare-thread.ts for the other side.
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { PreparedRow } from "../../import/read-file.js";
import { fileRows } from "../../import/read-file.js";
import { batcher, prepareBatch } from "./prepare.js";
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
const batches = batcher();
/** Batches it may send before the main thread asks for more: bounds the memory held ahead of the writes. */
let credits = job.ahead;
let finished = false;

const send = (message: PrepareMessage) => port.postMessage(message);

function nextRows(): PreparedRow[] {
  for (;;) {
    const next = rows.next();
    if (next.done) {
      finished = true;
      return batches.rest();
    }
    const full = batches.add(next.value);
    if (full) return full;
  }
}

function pump() {
  try {
    while (credits > 0 && !finished) {
      const batch = nextRows();
      if (batch.length) {
        send({ batch: prepareBatch(batch, job.country, job.rules) });
        credits--;
      }
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
