import { createMiddleware } from "hono/factory";
import type { Kysely } from "kysely";
import { AppError } from "../errors.js";
import { newId } from "../db/ids.js";
import type { Schema } from "../db/schema.js";
import type { AppEnv } from "./env.js";

export interface Rule {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit against `key` in the shared rateLimit table (the one Better Auth uses), so several
 * instances on one database share the count. Returns false when the limit is used up.
 */
export async function consume(db: Kysely<Schema>, key: string, rule: Rule, now = Date.now()): Promise<boolean> {
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
    const existing = await db.selectFrom("rateLimit").select("id").where("key", "=", key).executeTakeFirst();
    if (existing) return false;
    const inserted = await db
      .insertInto("rateLimit")
      .values({ id: newId(), key, count: 1, lastRequest: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    // Another request created the row between our reads: count again against it.
  }
  return false;
}

export const tooManyRequests = () =>
  new AppError(429, "RATE_LIMITED", "Too many requests. Please wait a few minutes before trying again.");

/** Limits a route per client address, or per signed-in user when `perUser` is set. */
export function rateLimit(rule: Rule, options: { perUser?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const who = options.perUser ? `user:${c.var.actor.userId}` : `ip:${c.var.clientIp}`;
    if (!(await consume(c.var.deps.database.db, `${rule.name}|${who}`, rule))) throw tooManyRequests();
    await next();
  });
}
