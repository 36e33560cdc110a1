import type { Context } from "hono";
import { badRequest } from "../errors.js";
import type { AppEnv } from "./env.js";

/**
 * The deepest nesting of arrays and objects a request body may hold. Ours need four levels; what reads
 * a parsed body (the NUL check, zod, Better Auth) walks it recursively, and 100,000 levels overflowed
 * the stack into a 500.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const OPEN_OBJECT = 123;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

/**
 * Whether JSON text nests deeper than `max`: one pass, before any parse, that jumps over strings with
 * indexOf (a 550 KB import body takes a few milliseconds, less than parsing it). Malformed text is left
 * to the parser.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Each level takes at least one character.
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // To the closing quote: the next one after an even run of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * Refuses a body nested deeper than MAX_JSON_DEPTH before any route or Better Auth parses it. Every body
 * is looked at, whatever its declared type: Better Auth's sign-in reads any body as JSON. The text is
 * kept by Hono, so the route's own parse reads it from there.
 */
export async function refuseDeepJson(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  if (c.req.raw.body && nestsDeeperThan(await c.req.text(), MAX_JSON_DEPTH)) {
    throw badRequest(`The request nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  await next();
}
