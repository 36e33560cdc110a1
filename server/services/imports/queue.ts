import { AppError } from "../../errors.js";

const tooManyWaiting = () =>
  new AppError(429, "IMPORTS_BUSY", "Too many imports are waiting their turn on the server. Please try again in a few minutes.");

/**
 * The imports one process reads and writes at a time; the others wait their turn in arrival order.
 * Reading a 10 MB file and writing its rows is seconds of work on the one thread that serves every
 * request: ten uploads at once each did theirs before any could answer (4 to 120 s instead of 1.5 s).
 * Queued, each request answers on time ('running' while it waits) and the work runs a few at a time,
 * with turns of the event loop in between.
 */
export interface ImportQueue {
  /**
   * Runs `job` once fewer than `concurrency` jobs run; settles as it does. With `maxWaiting` jobs waiting
   * already it is refused at once (429): each holds its upload in memory until its turn.
   */
  run<T>(job: () => Promise<T>): Promise<T>;
}

export function createImportQueue(concurrency: number, maxWaiting: number): ImportQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished job hands its place to the first one waiting, if any.
  const next = () => {
    const resume = waiting.shift();
    if (resume) resume();
    else running--;
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency && waiting.length >= maxWaiting) throw tooManyWaiting();
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await job();
      } finally {
        next();
      }
    },
  };
}
