import { createMiddleware } from "hono/factory";
import { badRequest } from "../errors.js";
import type { AppEnv } from "./env.js";

// PostgreSQL cannot store a NUL character in text and SQLite's full-text search chokes on one, and no
// real input holds one: every request that carries one is refused at the edge.

export const nulRefused = () => badRequest("The request contains a NUL character, which is not allowed.");

/** Whether a parsed JSON value holds a NUL anywhere, in a key or a string. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || containsNul(inner));
  }
  return false;
}

/** Refuses a NUL in the path or query string (where it can only travel as %00). */
export const refuseNulInUrl = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.url.includes("\u0000") || /%00/i.test(c.req.url)) throw nulRefused();
  await next();
});
