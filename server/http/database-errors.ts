import type { Context } from "hono";
import { failureReason } from "../db/database.js";
import { classifyDatabaseError, type FailureKind } from "../db/failures.js";
import type { AppEnv } from "./env.js";

const MESSAGES = {
  unavailable: "The database is unavailable. Please try again.",
  timeout: "The database is unavailable. Please try again.",
  busy: "The database is busy. Please try again.",
  "disk-full": "The server's disk is full, so nothing can be saved. Please tell your administrator.",
  "read-only": "The database is read-only, so nothing can be saved. Please tell your administrator.",
} as const;

/**
 * A database that is down, hung, full or read-only answers 503 with a message a person can act on;
 * the cause goes to the log once per episode (DatabaseAvailability), not once per request.
 * Returns null for any other error.
 */
export function databaseFailureResponse(err: unknown, c: Context<AppEnv>): Response | null {
  const failure = classifyDatabaseError(err);
  if (!failure) return null;
  c.var.deps.database.availability.failed(failure);
  c.header("Retry-After", "5");
  return c.json(databaseFailureBody(failure.kind), 503);
}

/** The 503 body for a database failure of `kind`. */
export function databaseFailureBody(kind: FailureKind) {
  const code = kind === "disk-full" ? "STORAGE_FULL" : kind === "read-only" ? "DATABASE_READ_ONLY" : "DATABASE_UNAVAILABLE";
  return { error: { code, message: MESSAGES[kind], reason: failureReason(kind) } };
}
