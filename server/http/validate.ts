import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "../errors.js";
import { containsNul, nulRefused } from "./nul.js";

/** Parses a JSON body with a shared zod schema; the first issue's message becomes the 400 answer. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("The request body must be JSON.");
  }
  if (containsNul(body)) throw nulRefused();
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input.");
  return result.data;
}
