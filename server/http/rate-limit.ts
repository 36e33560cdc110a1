import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Rule } from "../db/repositories/rate-limits.js";
import { rateLimited } from "../errors.js";
import type { AppEnv } from "./env.js";

export type { Rule };

/** The one acting, for a per-user limit: the signed-in person, or the API token (which has no session). */
const actingKey = (c: Context<AppEnv>) => {
  const token = c.var.orgActor?.token;
  return token ? `token:${token.id}` : `user:${c.var.actor.userId}`;
};

/** Limits a route per client address, or per signed-in user (or API token) when `perUser` is set. */
export function rateLimit(rule: Rule, options: { perUser?: boolean } = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const who = options.perUser ? actingKey(c) : `ip:${c.var.clientIp}`;
    if (!(await c.var.deps.repos.rateLimits.consume(`${rule.name}|${who}`, rule))) throw rateLimited();
    await next();
  });
}
