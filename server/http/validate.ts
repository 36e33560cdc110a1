import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { z } from "zod";
import { badRequest } from "../errors.js";
import { containsNul, nulRefused } from "./nul.js";

/**
 * Validation declared in the middleware chain with the shared zod schemas: a NUL character anywhere in
 * the raw input, or the first issue the schema finds, is a 400 with its message. The handler reads the
 * parsed value with `c.req.valid(target)`, typed, and so does the web client built on the route types.
 *
 * The same middleware carries its schema for the OpenAPI document (GET /api/openapi.json, ADR 023):
 * hono-openapi finds it on the route by its marker, so the document describes exactly what is checked.
 */
export function validate<T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) {
  const middleware = zValidator(target, schema, (result) => {
    if (containsNul(result.data)) throw nulRefused();
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input.");
  });
  // Converted on the request's side (io "input"): what a client sends, defaults optional, before transforms.
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
  return middleware;
}

export const jsonBody = <S extends z.ZodType>(schema: S) => validate("json", schema);
export const queryParams = <S extends z.ZodType>(schema: S) => validate("query", schema);
