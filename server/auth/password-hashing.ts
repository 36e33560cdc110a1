import { randomBytes, timingSafeEqual } from "node:crypto";
import { RetryLaterError } from "../errors.js";
import { HashingThread } from "./hashing-thread.js";

/**
 * The longest a sign-in waits for a hashing thread; then, or at once when the measured hash time says
 * it would wait longer, it answers 503 with Retry-After. Plus one hash and the sign-in's own queries,
 * every sign-in is answered within 10 s however busy the cores are.
 */
export const MAX_HASH_WAIT_MS = 5000;

/** A sign-in that has waited this long is hashed on the normal-priority thread. */
const URGENT_AFTER_MS = 500;

/**
 * The hashing threads' nice value: a storm mostly uses the CPU the request thread leaves over instead
 * of taking it from list pages. Under a load that keeps every core busy such a thread gets about a
 * tenth of a core, so 50 sign-ins took 15-20 s: the normal-priority thread is their guaranteed share.
 */
const LOW_PRIORITY = 10;

/** Waiting sign-ins per thread at most, whatever the estimate says (memory). */
const QUEUE_PER_THREAD = 100;

/** The answer to a sign-in that waited too long for a hashing thread. */
export const hashingBusy = (retryAfterSeconds: number) =>
  new RetryLaterError("BUSY", "Too many sign-ins at once. Please try again in a moment.", retryAfterSeconds);

const shuttingDown = () => new RetryLaterError("SHUTTING_DOWN", "The server is restarting. Please try again in a moment.", 5);

interface Job {
  password: string;
  salt: string;
  queuedAt: number;
  expiry: NodeJS.Timeout;
  resolve(key: string): void;
  reject(error: Error): void;
}

/**
 * Runs Better Auth's scrypt on threads of its own: `threads` at low priority, and one at normal
 * priority for sign-ins that have waited half a second. Node's own crypto.scrypt shares the 4-thread
 * libuv pool (and both cores) with everything else, so 50 sign-ins at once starved every other request.
 */
export class PasswordHasher {
  readonly #low: HashingThread[];
  readonly #urgent = new HashingThread(0);
  readonly #queue: Job[] = [];
  #urgentTimer: NodeJS.Timeout | undefined;
  #closing = false;

  constructor(private readonly threads: number) {
    this.#low = Array.from({ length: threads }, () => new HashingThread(LOW_PRIORITY));
  }

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
    if (this.#closing) return Promise.reject(shuttingDown());
    if (this.#queue.length >= this.threads * QUEUE_PER_THREAD || this.#expectedWaitMs() > MAX_HASH_WAIT_MS) {
      return Promise.reject(hashingBusy(this.#retryAfterSeconds()));
    }
    return new Promise((resolve, reject) => {
      const job: Job = { password, salt, queuedAt: performance.now(), resolve, reject, expiry: undefined! };
      job.expiry = setTimeout(() => this.#expire(job), MAX_HASH_WAIT_MS).unref();
      this.#queue.push(job);
      this.#pump();
    });
  }

  /**
   * How long a sign-in queued now would wait for a thread, by the threads' recent hash times (a thread
   * not measured lately counts as the quickest that was; 0 when none was).
   */
  #expectedWaitMs() {
    const threads = [...this.#low, this.#urgent];
    const measured = threads.map((t) => t.recentHashMs()).filter((ms) => ms !== undefined);
    if (!measured.length) return 0;
    const quickest = Math.min(...measured);
    const perMs = threads.reduce((sum, t) => sum + 1 / Math.max(1, t.recentHashMs() ?? quickest), 0);
    return (this.#queue.length + 1) / perMs;
  }

  #retryAfterSeconds() {
    return Math.min(30, Math.max(1, Math.ceil(this.#expectedWaitMs() / 1000)));
  }

  #pump() {
    const age = (job: Job) => performance.now() - job.queuedAt;
    for (const thread of this.#low) {
      if (thread.busy) continue;
      // Only a sign-in it would finish, at its recent pace, before that sign-in has waited the most it
      // may: on busy cores a low-priority hash takes seconds.
      const pace = thread.recentHashMs() ?? 0;
      const job = this.#take((j) => age(j) + pace <= MAX_HASH_WAIT_MS);
      if (job) this.#run(thread, job);
    }
    if (!this.#urgent.busy) {
      const job = this.#take((j) => age(j) >= URGENT_AFTER_MS);
      if (job) this.#run(this.#urgent, job);
    }
    // The normal-priority thread takes the first sign-in once it has waited long enough.
    clearTimeout(this.#urgentTimer);
    const head = this.#queue[0];
    if (head && !this.#urgent.busy) this.#urgentTimer = setTimeout(() => this.#pump(), URGENT_AFTER_MS - age(head)).unref();
  }

  /** Takes the first waiting sign-in `fits`, oldest first. */
  #take(fits: (job: Job) => boolean): Job | undefined {
    const at = this.#queue.findIndex(fits);
    if (at < 0) return undefined;
    const [job] = this.#queue.splice(at, 1);
    clearTimeout(job!.expiry);
    return job;
  }

  #run(thread: HashingThread, job: Job) {
    thread.derive(job.password, job.salt).then(
      (key) => {
        job.resolve(key);
        this.#pump();
      },
      (error: Error) => {
        job.reject(this.#closing ? shuttingDown() : error);
        this.#pump();
      },
    );
  }

  #expire(job: Job) {
    const at = this.#queue.indexOf(job);
    if (at < 0) return;
    this.#queue.splice(at, 1);
    job.reject(hashingBusy(this.#retryAfterSeconds()));
  }

  /** Stops the threads (at shutdown); a sign-in still waiting or hashing is told the server is stopping. */
  async close() {
    this.#closing = true;
    clearTimeout(this.#urgentTimer);
    for (const job of this.#queue.splice(0)) {
      clearTimeout(job.expiry);
      job.reject(shuttingDown());
    }
    await Promise.all([...this.#low, this.#urgent].map((thread) => thread.close()));
  }
}

const hashers = new Map<number, PasswordHasher>();

/** One hasher per process and size, like libuv's pool: every app built in this process shares it. */
export function passwordHasher(threads: number): PasswordHasher {
  let hasher = hashers.get(threads);
  if (!hasher) hashers.set(threads, (hasher = new PasswordHasher(threads)));
  return hasher;
}
