import type { Kysely } from "kysely";
import { newId } from "../ids.js";
import type { Schema } from "../schema.js";

export interface Rule {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit against `key` in the shared rateLimit table (the one Better Auth uses, so several
 * instances on one database share every count). Returns false when the limit is used up.
 */
export function rateLimitRepository(db: Kysely<Schema>) {
  return { consume: (key: string, rule: Rule, now = Date.now()) => consume(db, key, rule, now) };
}

async function consume(db: Kysely<Schema>, key: string, rule: Rule, now: number): Promise<boolean> {
  const windowStart = now - rule.windowSeconds * 1000;
  for (let attempt = 0; attempt < 3; attempt++) {
    const counted = await db
      .updateTable("rateLimit")
      .set((eb) => ({ count: eb("count", "+", 1), lastRequest: now }))
      .where("key", "=", key)
      .where("lastRequest", ">", windowStart)
      .where("count", "<", rule.max)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 1) return true;
    const restarted = await db
      .updateTable("rateLimit")
      .set({ count: 1, lastRequest: now })
      .where("key", "=", key)
      .where("lastRequest", "<=", windowStart)
      .executeTakeFirst();
    if (Number(restarted.numUpdatedRows) === 1) return true;
    const inserted = await db
      .insertInto("rateLimit")
      .values({ id: newId(), key, count: 1, lastRequest: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // The row exists: refuse only if its window is full; otherwise a concurrent request created it
    // between our statements, so count again against it.
    const row = await db.selectFrom("rateLimit").select(["count", "lastRequest"]).where("key", "=", key).executeTakeFirst();
    if (row && Number(row.lastRequest) > windowStart && Number(row.count) >= rule.max) return false;
  }
  return false;
}
