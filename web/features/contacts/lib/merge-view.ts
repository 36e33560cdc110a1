// What the merge dialog shows: each contact's data as the merge reads it, the fields to choose between,
// and each list as it will be after the merge (the shared plan the server runs, so what is shown is
// what is written).
import { DATA_KEYS } from "@shared/contact-model/data-schema";
import { LIST_FIELDS, type ListKey, SINGLE_FIELDS } from "@shared/contact-model/fields";
import { type MergeChoiceKey, differingFields, mergeContacts } from "@shared/contact-model/merge-contacts";
import type { ContactData } from "@shared/contact-model/types";
import { FALLBACK_COUNTRY } from "@shared/phone";
import type { ContactDetail } from "../api";

export const dataOf = (detail: ContactDetail): ContactData =>
  Object.fromEntries(DATA_KEYS.map((key) => [key, detail[key as keyof ContactDetail]])) as unknown as ContactData;

const LABELS: Record<MergeChoiceKey, string> = {
  ...(Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, f.label])) as Record<MergeChoiceKey, string>),
  kind: "Shown as",
};
export const choiceLabel = (key: MergeChoiceKey) => LABELS[key];

/** A choice's value as a radio shows it. */
export function choiceText(key: MergeChoiceKey, data: ContactData): string {
  if (key === "kind") return data.kind === "company" ? "Company" : "Person";
  const value = data[key];
  return typeof value === "string" && value.trim() ? value : "(empty)";
}

/** The single fields the contacts disagree on, in the field table's order. */
export const fieldsToChoose = (contacts: ContactData[]) => differingFields(contacts);

/** One entry of a list as one line of text (an address's parts joined, a custom field's label and value). */
function entryText(list: ListKey, entry: Record<string, string | null>): string {
  const field = LIST_FIELDS.find((f) => f.key === list)!;
  const parts = field.parts.map((p) => entry[p.key]).filter((v): v is string => Boolean(v && v.trim()));
  const text = parts.join(", ");
  return entry.label ? `${entry.label}: ${text}` : text;
}

/** Every list that will hold something after the merge, with its entries as text. */
export function mergedLists(keep: { id: string; data: ContactData }, others: { id: string; data: ContactData }[]) {
  const merged = mergeContacts(keep, others, {}, FALLBACK_COUNTRY);
  return LIST_FIELDS.flatMap((field) => {
    const entries = merged[field.key] as unknown as Record<string, string | null>[];
    return entries.length ? [{ key: field.key, label: field.label, entries: entries.map((e) => entryText(field.key, e)) }] : [];
  });
}
