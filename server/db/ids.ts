import { randomUUID } from "node:crypto";

/**
 * Row ids are UUIDv7 (RFC 9562): 48 bits of milliseconds, then random bits (from randomUUID, which
 * draws from a cached entropy pool). Time-ordered, so new rows land at the end of every id index (a
 * bulk import appends instead of splitting pages all over a million-row B-tree), and still unguessable
 * enough (74 random bits) for ids that appear in URLs.
 */
export function newId(): string {
  const time = Date.now().toString(16).padStart(12, "0");
  // randomUUID() is 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx': keep its variant and random bits after the version.
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

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
