import { badRequest } from "../errors.js";

/** What each value of a keyset cursor must be; a cursor of another shape is a 400, never a query. */
export type KeyType = "string" | "number" | "date";

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** The one cursor format of every paged list: the sort values of a page's last row, opaque to clients. */
export function encodeKeyset(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values.map((v) => (v instanceof Date ? v.toISOString() : v)))).toString("base64url");
}

/** Decodes a cursor and checks it has exactly the shape the list's sort needs. */
export function decodeKeyset(cursor: string, shape: readonly KeyType[]): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(values) || values.length !== shape.length) throw invalidCursor();
  shape.forEach((type, i) => {
    const value: unknown = values[i];
    const fits =
      type === "number"
        ? typeof value === "number" && Number.isFinite(value)
        : typeof value === "string" &&
          !value.includes("\u0000") &&
          (type === "string" || (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))));
    if (!fits) throw invalidCursor();
  });
  return values as (string | number)[];
}

const invalidCursor = () => badRequest("Invalid cursor.");

/**
 * A keyset page from `limit` + 1 fetched rows: the extra row only says another page exists, and the
 * cursor is the sort values of the last row shown.
 */
export function toPage<Row, Item>(rows: Row[], limit: number, present: (row: Row) => Item, keys: (row: Row) => unknown[]) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(present), nextCursor: rows.length > limit && last ? encodeKeyset(keys(last)) : null };
}
