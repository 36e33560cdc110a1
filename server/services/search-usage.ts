import type { Logger } from "../logger.js";

type UsageAdd = (organizationId: string, userId: string, period: string, counts: { searches: number }) => Promise<void>;

/** How long searches are tallied in memory before one write per person and month. */
export const SEARCH_FLUSH_MS = 5000;

/**
 * Counts search requests for usage_stats without a write on the search path: tallies in memory, written
 * every few seconds (and before usage is read, and at shutdown) as one upsert per person and month.
 * A crash loses at most the last few seconds of search counts, which statistics can afford.
 */
export function createSearchUsage(add: UsageAdd, log: Logger, flushMs = SEARCH_FLUSH_MS) {
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>) {
    for (const [key, searches] of batch) {
      const [organizationId, userId, period] = key.split("|") as [string, string, string];
      try {
        await add(organizationId, userId, period, { searches });
      } catch (error) {
        // The organization was deleted meanwhile, or the database is down: these counts are dropped.
        log.warn("search usage not recorded", { error: String(error), searches });
      }
    }
  }

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = new Map();
    writing = writing.then(() => write(batch));
    return writing;
  };

  return {
    /** One search by this person in this organization, now. */
    count(organizationId: string, userId: string): void {
      const key = `${organizationId}|${userId}|${new Date().toISOString().slice(0, 7)}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    /** Writes what is tallied; resolves once written. */
    flush,
  };
}

export type SearchUsage = ReturnType<typeof createSearchUsage>;
