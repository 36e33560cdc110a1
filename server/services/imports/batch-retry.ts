import { setTimeout as sleep } from "node:timers/promises";
import { classifyDatabaseError } from "../../db/failures.js";
import type { AppDeps } from "../../deps.js";

/** Waits before each new try of a batch the database failed: a restart or a stall of some seconds is ridden out. */
export const BATCH_RETRY_DELAYS_MS = [1000, 5000, 15_000];

/**
 * Runs one batch (one transaction) again when the database, not the data, failed it: a statement cut
 * by the time limit on a loaded machine, a lost connection, a busy SQLite file. The transaction rolled
 * back and a batch counts in the run's tally only once committed, so the same rows are written again; a
 * whole run is no longer failed by one slow second. Other errors, and the last failure, are thrown.
 */
export async function withBatchRetry<T>(
  deps: Pick<AppDeps, "log">,
  importId: string,
  write: () => Promise<T>,
  delays: readonly number[] = BATCH_RETRY_DELAYS_MS,
  /** Shows the run alive while it waits (its heartbeat is otherwise written by each batch). */
  beat: () => Promise<unknown> = async () => undefined,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const failure = classifyDatabaseError(error);
      const delay = delays[attempt];
      if (!failure || failure.kind === "disk-full" || failure.kind === "read-only" || delay === undefined) throw error;
      deps.log.warn("import batch failed, trying again", { importId, attempt: attempt + 1, cause: failure.cause, inMs: delay });
      await beat().catch(() => undefined);
      await sleep(delay);
    }
  }
}
