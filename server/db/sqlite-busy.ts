/**
 * How long a statement waits in all for the write lock another connection holds (another worker, an
 * operator's `sqlite3` shell, a backup) before it fails SQLITE_BUSY, which answers 503.
 */
export const SQLITE_BUSY_BUDGET_MS = 5000;

/** The longest pause between two tries: short enough to take the lock soon after it is free. */
const MAX_PAUSE_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isSqliteBusy = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
};

/** The connection's turn: given up while a statement waits for the lock, so others use it meanwhile. */
export interface Turn {
  release(): void;
  take(): Promise<void> | undefined;
}

/**
 * After `error` from `attempt`, a synchronous better-sqlite3 call on a connection whose busy_timeout is
 * 0: rethrows it unless it is SQLITE_BUSY, else tries again until the call does not fail busy or the
 * budget is spent. SQLite's own busy wait sleeps inside the call, so it held the event loop (health,
 * sign-in, every read) for up to 5 s at a time; these pauses are timers (1, 2, 4 ... 50 ms), during
 * which `turn` is released so reads go on on the same connection. Only for statements outside a
 * transaction, whose failed try changed nothing. The first try stays the caller's, synchronous: it
 * succeeds unless another process writes.
 */
export function retryIfBusy<T>(error: unknown, attempt: () => T, turn: Turn): Promise<T> {
  if (!isSqliteBusy(error)) throw error;
  return retry(attempt, turn, performance.now() + SQLITE_BUSY_BUDGET_MS);
}

async function retry<T>(attempt: () => T, turn: Turn, deadline: number): Promise<T> {
  for (let tries = 0; ; tries++) {
    turn.release();
    await sleep(Math.min(2 ** tries, MAX_PAUSE_MS, Math.max(0, deadline - performance.now())));
    await turn.take();
    try {
      return attempt();
    } catch (error) {
      if (!isSqliteBusy(error) || performance.now() >= deadline) throw error;
    }
  }
}
