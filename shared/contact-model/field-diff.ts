// Which of a contact's fields differ between two states, and which a request names: what a field-level
// merge of concurrent edits compares (ADR 017). A list is one field: adding a phone while someone else
// adds an e-mail touches two fields, adding two phones touches one.
import { DATA_KEYS } from "./data-schema.js";
import { FIRST_ENTRY_FIELDS, type FirstEntryKey } from "./fields.js";
import type { ContactData } from "./types.js";

/** What a person sees when a field they changed was changed by someone else meanwhile (the 409's message and the form's banner). */
export const FIELD_CONFLICT_MESSAGE = "Someone else changed this contact while you were editing. Choose which value to keep.";

/** A field of the contact's data as a request sends it and a stamp records it (kind, single, list). */
export type DataKey = (typeof DATA_KEYS)[number];

const DATA_KEY_SET: ReadonlySet<string> = new Set(DATA_KEYS);
export const isDataKey = (key: string): key is DataKey => DATA_KEY_SET.has(key);

/** JSON with object keys in order, so two entries with the same parts compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Two values of one field are the same (lists entry by entry, in order; a missing value is null). */
export const sameFieldValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** The fields whose values differ between `before` and `after`, in the table's order. */
export function changedFields(before: ContactData, after: ContactData): DataKey[] {
  return DATA_KEYS.filter((key) => !sameFieldValue(before[key], after[key]));
}

/**
 * The fields a request body names: its data keys, and for the spec's flat fields (phone, city...) the
 * list whose first entries they edit.
 */
export function sentFields(body: Record<string, unknown>): DataKey[] {
  const named = new Set<DataKey>();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (isDataKey(key)) named.add(key);
    else if (key in FIRST_ENTRY_FIELDS) named.add(FIRST_ENTRY_FIELDS[key as FirstEntryKey][0]);
  }
  return DATA_KEYS.filter((key) => named.has(key));
}
