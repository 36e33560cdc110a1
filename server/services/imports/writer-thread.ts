import type { Worker } from "node:worker_threads";
import type { AppDeps } from "../../deps.js";
import { type ApplyInput, type ApplyResult, applyPlan } from "./batch-apply.js";
import { OFF_THREAD_ROWS } from "./prepare-thread.js";
import { startWorker } from "./worker-start.js";

/** Writes planned batches, each in a transaction of its own, one at a time. */
export interface BatchWriter {
  apply(input: ApplyInput): Promise<ApplyResult>;
  close(): Promise<void>;
}

export type WriterRequest = { input: ApplyInput };
export type WriterAnswer = { result: ApplyResult } | { error: { message: string; code?: string; name: string } };

/** The request thread's own connection: PostgreSQL runs the statements while the next batch is planned. */
export const inProcessWriter = (deps: Pick<AppDeps, "repos">): BatchWriter => ({
  apply: (input) => deps.repos.transaction((repos) => applyPlan(repos, input)),
  close: async () => undefined,
});

/**
 * The writer for a run of `rows` rows. better-sqlite3 runs statements on the thread that calls them, so
 * a large SQLite import writes on a thread of its own with a connection of its own to the same file
 * (WAL: the request thread reads beside it; its other writes wait their turn as another process's
 * would, sqlite-busy.ts) while the request thread plans the next batch. Measured in bench/RESULTS.md.
 */
export function batchWriter(deps: Pick<AppDeps, "repos" | "database">, rows: number): BatchWriter {
  const file = deps.database.engine === "sqlite" ? deps.database.file : undefined;
  if (!file || rows < OFF_THREAD_ROWS) return inProcessWriter(deps);
  return threadWriter(startWorker({ source: "writer-worker.ts", built: "import-writer.js" }, { file }));
}

function threadWriter(worker: Worker): BatchWriter {
  let waiting: { resolve: (r: ApplyResult) => void; reject: (e: Error) => void } | null = null;
  let broken: Error | null = null;
  const fail = (error: Error) => {
    broken ??= error;
    waiting?.reject(error);
    waiting = null;
  };
  worker.on("message", (answer: WriterAnswer) => {
    const settle = waiting;
    waiting = null;
    if (!settle) return;
    if ("result" in answer) return settle.resolve(answer.result);
    // The database's error code travels with it: a busy file or a restart is retried like on this thread.
    settle.reject(Object.assign(new Error(answer.error.message), { name: answer.error.name, code: answer.error.code }));
  });
  worker.on("error", (error) => fail(new Error(`The writing thread failed: ${error.message}`)));
  worker.on("exit", (code) => fail(new Error(`The writing thread stopped (exit code ${code})`)));
  return {
    apply(input) {
      if (broken) return Promise.reject(broken);
      if (waiting) return Promise.reject(new Error("The writing thread takes one batch at a time"));
      return new Promise<ApplyResult>((resolve, reject) => {
        waiting = { resolve, reject };
        worker.postMessage({ input } satisfies WriterRequest);
      });
    },
    async close() {
      worker.removeAllListeners();
      worker.postMessage("close");
      await new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        // Closing its connection is quick; a thread that does not end is ended.
        setTimeout(() => void worker.terminate().then(() => resolve()), 5000).unref();
      });
    },
  };
}
