import { createMiddleware } from "hono/factory";
import type { Rule } from "../db/repositories/rate-limits.js";
import { rateLimited } from "../errors.js";
import type { AppEnv } from "./env.js";

export type { Rule };

/** Limits a route per client address, or per signed-in user when `perUser` is set. */
export function rateLimit(rule: Rule, options: { perUser?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const who = options.perUser ? `user:${c.var.actor.userId}` : `ip:${c.var.clientIp}`;
    if (!(await c.var.deps.repos.rateLimits.consume(`${rule.name}|${who}`, rule))) throw rateLimited();
    await next();
  });
}
