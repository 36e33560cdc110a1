import { randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** Timestamps are written as ISO strings: sortable text on SQLite, cast to timestamptz on PostgreSQL. */
export const nowIso = (): string => new Date().toISOString();

/** Reads a timestamp column from either engine as an ISO string. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value.endsWith("Z") || value.includes("+") ? value : value + "Z").toISOString();
}
