import { Worker } from "node:worker_threads";

// Better Auth's scrypt parameters and `salt:key` hex format, so existing hashes keep verifying. A
// thread given a nice value lowers its own CPU priority (Linux: a thread id is a valid setpriority
// target); it can never raise it again, which is why the two priorities are two threads.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
if (workerData.nice > 0) {
  try {
    const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
    require("node:os").setPriority(tid, workerData.nice);
  } catch {}
}
parentPort.on("message", ({ password, salt }) => {
  try {
    const started = performance.now();
    const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
    parentPort.postMessage({ key: key.toString("hex"), ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});
`;

/** A measured hash time older than this says nothing about the cores now. */
const MEASUREMENT_MAX_AGE_MS = 10_000;

/** One thread running scrypt at a given nice value, one password at a time; started on first use. */
export class HashingThread {
  #worker: Worker | undefined;
  #job: { resolve(result: { key: string; ms: number }): void; reject(error: Error): void } | undefined;
  /** Its recent hashes' wall time (a moving average): what this thread's share of the cores is now. */
  #hashMs = 0;
  #measuredAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly nice: number) {}

  get busy() {
    return this.#job !== undefined;
  }

  /** How long a hash takes on this thread now, from the last ten seconds; undefined when unknown. */
  recentHashMs(): number | undefined {
    return performance.now() - this.#measuredAt <= MEASUREMENT_MAX_AGE_MS ? this.#hashMs : undefined;
  }

  /** The scrypt key of `password` with `salt`, in hex. Only while not busy. */
  async derive(password: string, salt: string): Promise<string> {
    const worker = (this.#worker ??= this.#spawn());
    // A thread with work keeps the process alive; an idle one must not.
    worker.ref();
    const { key, ms } = await new Promise<{ key: string; ms: number }>((resolve, reject) => {
      this.#job = { resolve, reject };
      worker.postMessage({ password, salt });
    });
    // Timed inside the thread: its share of the cores now, without the thread's own start.
    this.#hashMs = this.recentHashMs() === undefined ? ms : 0.7 * this.#hashMs + 0.3 * ms;
    this.#measuredAt = performance.now();
    return key;
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: this.nice } });
    worker.on("message", (message: { key?: string; ms?: number; error?: string }) => {
      const job = this.#job;
      this.#job = undefined;
      worker.unref();
      if (message.key) job?.resolve({ key: message.key, ms: message.ms ?? 0 });
      else job?.reject(new Error(message.error ?? "hashing failed"));
    });
    worker.on("error", (error) => this.#lost(worker, error));
    worker.on("exit", () => this.#lost(worker, new Error("the hashing thread stopped")));
    return worker;
  }

  #lost(worker: Worker, error: Error) {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    const job = this.#job;
    this.#job = undefined;
    job?.reject(error);
  }

  /** Stops the thread; a password being hashed fails. */
  async close() {
    const worker = this.#worker;
    if (worker) await worker.terminate();
  }
}
