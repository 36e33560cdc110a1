// A worker thread's entry: writes the planned batches of a large SQLite import (batch-apply.ts) on a
// connection of its own, while the request thread plans the next batch. See writer-thread.ts.
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../../db/database.js";
import { createRepositories } from "../../db/repositories/index.js";
import { applyPlan } from "./batch-apply.js";
import type { WriterAnswer, WriterRequest } from "./writer-thread.js";

const port = parentPort!;
const database = openDatabase(`sqlite:${(workerData as { file: string }).file}`);
const repos = createRepositories(database.db, "sqlite");

/** The batch being written: closing waits for it. */
let writing: Promise<unknown> = Promise.resolve();

port.on("message", (message: WriterRequest | "close") => {
  if (message === "close") {
    void writing.then(() => database.destroy()).finally(() => port.close());
    return;
  }
  writing = repos
    .transaction((tx) => applyPlan(tx, message.input))
    .then(
      (result): WriterAnswer => ({ result }),
      (error: unknown): WriterAnswer => {
        const e = error instanceof Error ? error : new Error(String(error));
        const code = (e as { code?: unknown }).code;
        return { error: { message: e.message, name: e.name, ...(typeof code === "string" ? { code } : {}) } };
      },
    )
    .then((answer) => port.postMessage(answer));
});
