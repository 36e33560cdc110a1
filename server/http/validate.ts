import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { badRequest } from "../errors.js";
import { containsNul, nulRefused } from "./nul.js";

/**
 * Validation declared in the middleware chain with the shared zod schemas: a NUL character anywhere in
 * the raw input, or the first issue the schema finds, is a 400 with its message. The handler reads the
 * parsed value with `c.req.valid(target)`, typed, and so does the web client built on the route types.
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (containsNul(result.data)) throw nulRefused();
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input.");
  });
}

export const jsonBody = <S extends z.ZodType>(schema: S) => validate("json", schema);
export const queryParams = <S extends z.ZodType>(schema: S) => validate("query", schema);
