import { randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** Timestamps are written as ISO strings: sortable text on SQLite, cast to timestamptz on PostgreSQL. */
export const nowIso = (): string => new Date().toISOString();

/** Reads a timestamp column from either engine as an ISO string. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value == null) return null;
  // What we write (nowIso) is already canonical: skip a parse and a format per field of every row.
  if (typeof value === "string" && value.length === 24 && value[10] === "T" && value[23] === "Z") return value;
  return value instanceof Date
    ? value.toISOString()
    : new Date(value.endsWith("Z") || value.includes("+") ? value : value + "Z").toISOString();
}
