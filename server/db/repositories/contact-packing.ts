import type { MatchKey, NewContact } from "./contacts.js";

/**
 * New contacts as the one JSON parameter of their insert (contacts.insertPacked): rows of values in
 * `columns` order, on both engines. Packed apart from the write so that an import packs a batch on the
 * request thread while the writing thread writes the last one: the thread then takes one string instead
 * of thousands of objects. (PostgreSQL once took rows of named values, jsonb_populate_recordset's shape:
 * the names were a fifth of the text, and building the objects cost twice the stringify.)
 */
export interface PackedContacts {
  count: number;
  columns: (keyof NewContact)[];
  json: string;
}

export function packContacts(rows: readonly NewContact[]): PackedContacts {
  const columns = rows.length ? (Object.keys(rows[0]!) as (keyof NewContact)[]) : [];
  const json = JSON.stringify(rows.map((row) => columns.map((c) => row[c] ?? null)));
  return { count: rows.length, columns, json };
}

/** Match keys as the one JSON parameter of their insert (rows of kind, key and contact id). */
export const packKeys = (keys: readonly (MatchKey & { contact_id: string })[]): string =>
  JSON.stringify(keys.map((k) => [k.kind, k.key, k.contact_id]));

/** Two packed JSON arrays of rows as one. */
export const joinPacked = (a: string, b: string): string => (a === "[]" ? b : b === "[]" ? a : `${a.slice(0, -1)},${b.slice(1)}`);
