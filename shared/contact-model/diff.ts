// What changed between two states of a contact, field by field (the contact's history, ADR 016): the
// fields are the table's (fields.ts), a list field's value is the whole list. Pure, for the server's
// writes and the screens' timeline alike.
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey } from "./fields.js";
import type { ContactData } from "./types.js";

export type HistoryField = SingleKey | ListKey | "kind";

export interface FieldChange {
  field: HistoryField;
  from: unknown;
  to: unknown;
}

/** Every field a history entry may name, in the form's order. */
export const HISTORY_FIELDS: readonly HistoryField[] = ["kind", ...SINGLE_FIELDS.map((f) => f.key), ...LIST_FIELDS.map((f) => f.key)];

const isList = new Set<string>(LIST_FIELDS.map((f) => f.key));

/** A field's value when the contact does not exist (before its creation): nothing, a person. */
function emptyOf(field: HistoryField): unknown {
  if (field === "kind") return "person";
  return isList.has(field) ? [] : null;
}

/** One value of a field, blank text read as none, so '' and null are no change. */
function valueOf(data: ContactData | null, field: HistoryField): unknown {
  if (!data) return emptyOf(field);
  const value = (data as Record<string, unknown>)[field];
  if (value === undefined || value === "") return emptyOf(field);
  return value;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields whose value differs between `before` and `after` (null: the contact did not exist). */
export function diffContactData(before: ContactData | null, after: ContactData | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of HISTORY_FIELDS) {
    const from = valueOf(before, field);
    const to = valueOf(after, field);
    if (!same(from, to)) changes.push({ field, from, to });
  }
  return changes;
}

/** `data` with each change undone (its field set back to `from`): walking history back from the present. */
export function undoChanges(data: ContactData, changes: readonly FieldChange[]): ContactData {
  const out = { ...data } as Record<string, unknown>;
  for (const { field, from } of changes) {
    if (!HISTORY_FIELDS.includes(field)) continue;
    out[field] = field === "first_name" && from === null ? "" : from;
  }
  return out as ContactData;
}

/** The field's name as the form shows it ('Phone', 'Job title'). */
export function historyFieldLabel(field: HistoryField): string {
  if (field === "kind") return "Kind";
  return SINGLE_FIELDS.find((f) => f.key === field)?.label ?? LIST_FIELDS.find((f) => f.key === field)?.label ?? field;
}

type Entry = Record<string, string | null>;

/** One list entry as a line: its parts, then its label or type ('555-0101 (mobile)'). */
function entryText(field: ListKey, entry: Entry): string {
  const parts = LIST_FIELDS.find((f) => f.key === field)!.parts.map((p) => entry[p.key]);
  const text = parts.filter((p) => p && p.trim()).join(", ");
  const kind = entry.label || (entry.type && entry.type !== "custom" ? entry.type : null);
  return kind ? `${text} (${kind})` : text;
}

/** A field's value as text for the timeline: '' when empty, a list's entries joined by '; '. */
export function historyValueText(field: HistoryField, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (isList.has(field)) {
    return Array.isArray(value) ? value.map((entry) => entryText(field as ListKey, entry as Entry)).join("; ") : "";
  }
  if (field === "kind") return value === "company" ? "Company" : "Person";
  return String(value);
}
