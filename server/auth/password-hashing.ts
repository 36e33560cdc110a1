import { randomBytes, timingSafeEqual } from "node:crypto";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors.js";

/** Waiting hashes per thread before sign-ins are refused with 503 instead of queueing for ever. */
const QUEUE_PER_THREAD = 100;

// Better Auth's scrypt parameters and `salt:key` hex format, so existing hashes keep verifying.
// The thread lowers its own CPU priority (Linux: a thread id is a valid setpriority target), so a
// sign-in storm mostly uses the CPU the request thread leaves over instead of taking it from list
// pages. Nice 10, not 19: under a load that keeps every core busy, sign-ins still get about a tenth
// of a core each instead of waiting until the load stops.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
try {
  const tid = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  require("node:os").setPriority(tid, 10);
} catch {}
parentPort.on("message", ({ id, password, salt }) => {
  try {
    const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 });
    parentPort.postMessage({ id, key: key.toString("hex") });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: string;
  resolve(key: string): void;
  reject(error: Error): void;
}

export const hashingBusy = () => new AppError(503, "BUSY", "Too many sign-ins at once. Please try again in a moment.");

/**
 * A bounded queue in front of a few low-priority threads that run scrypt. Node's own crypto.scrypt
 * shares the 4-thread libuv pool (and both cores) with everything else, so 50 sign-ins at once
 * starved every other request.
 */
export class PasswordHasher {
  readonly #idle: Worker[] = [];
  readonly #busy = new Map<Worker, Job>();
  readonly #queue: Job[] = [];
  #started = 0;
  #nextId = 0;

  constructor(private readonly threads: number) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${await this.#derive(password, salt)}`;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const [salt, key] = hash.split(":");
    if (!salt || !key) throw new Error("Invalid password hash");
    const derived = Buffer.from(await this.#derive(password, salt), "hex");
    const expected = Buffer.from(key, "hex");
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  }

  #derive(password: string, salt: string): Promise<string> {
    if (this.#queue.length >= this.threads * QUEUE_PER_THREAD) return Promise.reject(hashingBusy());
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, password, salt, resolve, reject });
      this.#pump();
    });
  }

  #pump() {
    while (this.#queue.length) {
      const worker = this.#idle.pop() ?? (this.#started < this.threads ? this.#spawn() : undefined);
      if (!worker) return;
      const job = this.#queue.shift()!;
      this.#busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, password: job.password, salt: job.salt });
    }
  }

  #spawn(): Worker {
    this.#started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on("message", (message: { key?: string; error?: string }) => {
      const job = this.#busy.get(worker);
      this.#busy.delete(worker);
      // An idle thread must not keep the process alive.
      worker.unref();
      this.#idle.push(worker);
      if (job && message.key) job.resolve(message.key);
      else if (job) job.reject(new Error(message.error ?? "hashing failed"));
      this.#pump();
    });
    worker.on("error", (error) => this.#lost(worker, error));
    worker.on("exit", () => this.#lost(worker, new Error("the hashing thread stopped")));
    return worker;
  }

  #closing = false;

  #lost(worker: Worker, error: Error) {
    if (this.#closing) error = new AppError(503, "SHUTTING_DOWN", "The server is restarting. Please try again in a moment.");
    const job = this.#busy.get(worker);
    const wasBusy = this.#busy.delete(worker);
    const idleAt = this.#idle.indexOf(worker);
    if (!wasBusy && idleAt < 0) return;
    if (idleAt >= 0) this.#idle.splice(idleAt, 1);
    this.#started--;
    job?.reject(error);
    this.#pump();
  }

  /** Stops the threads (at shutdown); a sign-in still hashing is told the server is stopping. */
  async close() {
    this.#closing = true;
    const workers = [...this.#idle, ...this.#busy.keys()];
    this.#idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

const hashers = new Map<number, PasswordHasher>();

/** One hasher per process and size, like libuv's pool: every app built in this process shares it. */
export function passwordHasher(threads: number): PasswordHasher {
  let hasher = hashers.get(threads);
  if (!hasher) hashers.set(threads, (hasher = new PasswordHasher(threads)));
  return hasher;
}
