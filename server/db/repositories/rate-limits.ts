import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

export interface Rule {
  name: string;
  max: number;
  windowSeconds: number;
}

/** Fixed-window request counters in the database, so several instances on one database share every count. */
export function rateLimitRepository(db: Kysely<Schema>) {
  return {
    /** Gives back one hit counted in the current window (an attempt counted first that turned out right). */
    async release(key: string, rule: Rule, now = Date.now()): Promise<void> {
      await db
        .updateTable("rate_limits")
        .set((eb) => ({ count: eb("count", "-", 1) }))
        .where("key", "=", key)
        .where("window_start", ">", now - rule.windowSeconds * 1000)
        .where("count", ">", 0)
        .execute();
    },

    /** Counts a hit against `key`; false when the window's allowance is used up. */
    async consume(key: string, rule: Rule, now = Date.now()): Promise<boolean> {
      const windowStart = now - rule.windowSeconds * 1000;
      for (let attempt = 0; attempt < 3; attempt++) {
        // One conditional statement each: count within the window, or start a new one.
        const counted = await db
          .updateTable("rate_limits")
          .set((eb) => ({ count: eb("count", "+", 1) }))
          .where("key", "=", key)
          .where("window_start", ">", windowStart)
          .where("count", "<", rule.max)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) === 1) return true;
        const restarted = await db
          .updateTable("rate_limits")
          .set({ count: 1, window_start: now })
          .where("key", "=", key)
          .where("window_start", "<=", windowStart)
          .executeTakeFirst();
        if (Number(restarted.numUpdatedRows) === 1) return true;
        const inserted = await db
          .insertInto("rate_limits")
          .values({ key, count: 1, window_start: now })
          .onConflict((oc) => oc.column("key").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
        // The row exists: refuse only if its window is full; otherwise a concurrent request created it
        // between our statements, so count again against it.
        const row = await db.selectFrom("rate_limits").select(["count", "window_start"]).where("key", "=", key).executeTakeFirst();
        if (row && Number(row.window_start) > windowStart && Number(row.count) >= rule.max) return false;
      }
      return false;
    },
  };
}
