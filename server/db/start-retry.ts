import type { Logger } from "../logger.js";
import { classifyStartFailure } from "./failures.js";
import { MISSING_DATABASE, describePostgres, missingDatabaseMessage } from "./postgres-url.js";

/** The pause after the nth failed try at start: 1, 2, 4, 8, 16 s, then every 30 s. */
export const startRetryDelayMs = (attempt: number) => Math.min(1000 * 2 ** (attempt - 1), 30_000);

/**
 * Runs `attempt` until it succeeds. A failure that is an outage (classifyStartFailure) is logged with
 * its cause, one line per try, and tried again after a growing pause, the way requests recover from a
 * later outage; any other failure is thrown at once. `beforeFirstPause` runs once, when waiting begins.
 */
export async function retryWhileUnavailable<T>(
  attempt: () => Promise<T>,
  options: { log: Logger; server: string; beforeFirstPause: () => Promise<void> },
): Promise<T> {
  const { log, server, beforeFirstPause } = options;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      const failure = classifyStartFailure(error);
      if (!failure) throw error;
      if (n === 1) await beforeFirstPause();
      const delay = startRetryDelayMs(n);
      log.warn(`database ${failure.kind} at start, retrying in ${delay / 1000} s`, { cause: failure.cause, server, try: n });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** A start failure that waiting cannot mend, as one line that names the database and, if it can, the fix. */
export function explainStartFailure(error: unknown, databaseUrl: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !(error instanceof Error)) return error;
  if (code === MISSING_DATABASE) return new Error(`${missingDatabaseMessage(databaseUrl)}, then start again.`);
  return new Error(`cannot use ${describePostgres(databaseUrl)}: ${error.message}`);
}
