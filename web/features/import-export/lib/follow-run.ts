import { type ImportRun, fetchImportRun, isRunning } from "../api";

/** How often a running import is asked for its progress. */
export const POLL_MS = 500;
/** Polls in a row that may fail (a network hiccup) before the screen gives up following the run. */
const MAX_MISSES = 5;

/** How long the full bar (100%) shows before the summary replaces it. */
export const COMPLETE_MS = 400;

/** Waits, unless the work is cancelled first (then rejects with the abort reason). */
export function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * Follows a run the server answered as still running until it finishes, reporting each state; the run
 * goes on on the server whatever happens here (the Recent imports list shows it either way).
 */
export async function followRun(orgId: string, first: ImportRun, onUpdate: (run: ImportRun) => void, signal: AbortSignal) {
  let run = first;
  let misses = 0;
  while (isRunning(run)) {
    await sleep(POLL_MS, signal);
    try {
      run = await fetchImportRun(orgId, run.id, signal);
      misses = 0;
      onUpdate(run);
    } catch (error) {
      if (signal.aborted || ++misses >= MAX_MISSES) throw error;
    }
  }
  return run;
}
