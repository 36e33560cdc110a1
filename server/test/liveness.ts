import type { App } from "../app.js";

/** How often the liveness check is asked while the work runs. */
const POLL_MS = 25;

/**
 * Runs `work` while asking GET /api/health/live again and again, as a supervisor would, and answers with
 * the longest time between two of its answers: the longest a liveness check sent at any moment waited
 * (a check sent while the event loop was held answers only once it is free). The app runs in this
 * process, so anything that holds the thread (the server's work, or the test's) shows here.
 */
export async function watchLiveness<T>(app: App, work: () => Promise<T>): Promise<{ result: T; longestWaitMs: number; answers: number }> {
  let done = false;
  let answers = 0;
  let longestWaitMs = 0;
  let last = performance.now();
  const ask = async () => {
    const res = await app.request("/api/health/live");
    if (res.status !== 200) throw new Error(`liveness answered ${res.status}`);
    await res.text();
    const now = performance.now();
    longestWaitMs = Math.max(longestWaitMs, now - last);
    last = now;
    answers++;
  };
  const poll = (async () => {
    while (!done) {
      await ask();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await poll;
  }
  // The wait from the last answer to the end of the work counts too.
  await ask();
  return { result, longestWaitMs, answers };
}
