// An edit form overtaken by someone else's save (ADR 017): the form moves onto their version, keeping
// every field the person changed, and names the fields both changed so the person chooses each.
import { DATA_KEYS } from "@shared/contact-model/data-schema";
import { type DataKey, sameFieldValue } from "@shared/contact-model/field-diff";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS, listField } from "@shared/contact-model/fields";
import { entryTypeLabel } from "./contact-display";
import { type ContactFormValues, contactDataFrom } from "./contact-form-values";

/** One field of a 409 VERSION_CONFLICT: both values, who wrote theirs and when. */
export interface ReportedConflict {
  field: string;
  yours: unknown;
  theirs: unknown;
  by: { id: string; name: string } | null;
  at: string;
}

/** A field both changed, as the form offers it: both values as the form holds them, and the choice made. */
export interface FieldChoice {
  field: DataKey;
  theirs: ContactFormValues[DataKey];
  mine: ContactFormValues[DataKey];
  by: string | null;
  choice: "mine" | "theirs" | null;
}

/**
 * The form's values moved onto `fresh` (their version): a field the person changed since `initial` keeps
 * what they typed, every other field takes theirs. `conflicts` are the fields both changed, differently.
 */
export function rebaseForm(typed: ContactFormValues, initial: ContactFormValues, fresh: ContactFormValues) {
  const mine = contactDataFrom(typed).data;
  const before = contactDataFrom(initial).data;
  const theirs = contactDataFrom(fresh).data;
  const values = { ...fresh } as Record<DataKey, unknown>;
  const conflicts: DataKey[] = [];
  for (const key of DATA_KEYS) {
    if (sameFieldValue(mine[key], before[key])) continue;
    values[key] = typed[key];
    if (!sameFieldValue(theirs[key], before[key]) && !sameFieldValue(theirs[key], mine[key])) conflicts.push(key);
  }
  return { values: values as ContactFormValues, conflicts };
}

const LABELS: Record<string, string> = {
  kind: "Contact type",
  ...Object.fromEntries([...SINGLE_FIELDS, ...LIST_FIELDS].map((f) => [f.key, f.label])),
};

/** A field's name as the form labels it. */
export const conflictFieldLabel = (field: DataKey) => LABELS[field] ?? field;

/** A field's value in words: the text, or each entry's parts and type ('(555) 010-2000 (Mobile)'); '(empty)' for none. */
export function describeFieldValue(field: DataKey, value: unknown): string {
  if (!Array.isArray(value)) return typeof value === "string" && value.trim() ? value : "(empty)";
  const parts = listField(field as ListKey).parts;
  const entries = (value as Record<string, string | null>[])
    .map((entry) => {
      const text = parts
        .map((p) => entry[p.key]?.trim())
        .filter(Boolean)
        .join(", ");
      return text ? `${text} (${entryTypeLabel({ type: entry.type ?? "", label: entry.label ?? null })})` : "";
    })
    .filter(Boolean);
  return entries.length ? entries.join("; ") : "(empty)";
}
