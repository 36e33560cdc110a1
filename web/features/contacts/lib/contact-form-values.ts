// The contact form's values and how they become the API's contact: every field and list from the field
// table (shared/contact-model/fields.ts), validated with the organization's rules.
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { FIRST_ENTRY_FIELDS, LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey, listField } from "@shared/contact-model/fields";
import { type ContactRules, contactDataSchema, type ValidContactData } from "@shared/contact-model/data-schema";
import type { ContactKind, ListValues } from "@shared/contact-model/types";

type ListFieldOf<K extends ListKey> = Extract<(typeof LIST_FIELDS)[number], { key: K }>;

/** One row of a list as the form holds it: every part as text ('' when empty), its type and label. */
export type FormEntry<K extends ListKey = ListKey> = { [P in ListFieldOf<K>["parts"][number]["key"]]: string } & {
  type: string;
  label: string;
};

export type ContactFormValues = { kind: ContactKind } & { [K in SingleKey]: string } & { [K in ListKey]: FormEntry<K>[] };
export type ContactFormOutput = ValidContactData;

/** What the form is filled from: a contact as GET /contacts/:id answers it (lists and single fields). */
export type ContactSource = { kind: ContactKind } & { [K in SingleKey]: string | null } & ListValues;

/** The lists the spec's form always showed (phone, e-mail, address): one row each even when empty. */
export const ALWAYS_SHOWN_LISTS: ReadonlySet<ListKey> = new Set(Object.values(FIRST_ENTRY_FIELDS).map(([list]) => list));

export const listFieldOf = listField;

/** An empty row of a list, with the list's default type. */
export function blankEntry(key: ListKey): FormEntry {
  const field = listFieldOf(key);
  return { ...Object.fromEntries(field.parts.map((p) => [p.key, ""])), type: field.defaultType, label: "" } as FormEntry;
}

function entryValues(key: ListKey, entry: Record<string, string | null>): FormEntry {
  const field = listFieldOf(key);
  return {
    ...Object.fromEntries(field.parts.map((p) => [p.key, entry[p.key] ?? ""])),
    type: entry.type ?? field.defaultType,
    label: entry.label ?? "",
  } as FormEntry;
}

/** The form's starting values: the contact's, or empty (one phone, e-mail and address row to fill). */
export function formValuesFrom(contact: ContactSource | null): ContactFormValues {
  const singles = Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, contact?.[f.key] ?? ""]));
  const lists = Object.fromEntries(
    LIST_FIELDS.map((f) => {
      const entries = ((contact?.[f.key] ?? []) as Record<string, string | null>[]).map((e) => entryValues(f.key, e));
      return [f.key, entries.length === 0 && ALWAYS_SHOWN_LISTS.has(f.key) ? [blankEntry(f.key)] : entries];
    }),
  );
  return { kind: contact?.kind ?? "person", ...singles, ...lists } as ContactFormValues;
}

const isBlankEntry = (key: ListKey, entry: FormEntry) =>
  listFieldOf(key).parts.every((p) => !(entry as Record<string, string>)[p.key]?.trim());

/**
 * The form's values as the contact they describe: rows left empty are no entries (a custom type's label
 * alone is not an entry either), and a label is kept only for the custom type it names. `rows[list][i]`
 * is the form row of the contact's entry i, so a message about entry i lands on the row that holds it.
 */
export function contactDataFrom(values: ContactFormValues) {
  const rows = {} as Record<ListKey, number[]>;
  const data: Record<string, unknown> = { kind: values.kind };
  for (const f of SINGLE_FIELDS) data[f.key] = values[f.key];
  for (const f of LIST_FIELDS) {
    const kept = (values[f.key] as FormEntry[]).map((entry, row) => ({ entry, row })).filter(({ entry }) => !isBlankEntry(f.key, entry));
    rows[f.key] = kept.map(({ row }) => row);
    data[f.key] = kept.map(({ entry }) => ({ ...entry, label: entry.type === "custom" ? entry.label : "" }));
  }
  return { data, rows };
}

function setError(errors: Record<string, unknown>, path: (string | number)[], error: FieldError) {
  let node = errors;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      // The first message of a field is the one shown.
      node[key] ??= error;
      return;
    }
    node[key] ??= typeof path[i + 1] === "number" ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
}

/** Validates with the organization's rules (contactDataSchema), each message on the field it is about. */
export function contactFormResolver(rules: ContactRules): Resolver<ContactFormValues, unknown, ContactFormOutput> {
  const schema = contactDataSchema(rules);
  return (values) => {
    const { data, rows } = contactDataFrom(values);
    const result = schema.safeParse(data);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
      const [head, index] = path;
      if (typeof index === "number" && head && head in rows) {
        // The first phone is required even when the form has no row left for it: the first row takes it.
        path[1] = rows[head as ListKey][index] ?? 0;
      }
      if (path.length === 2 && typeof path[1] === "number") path.push(listFieldOf(head as ListKey).parts[0]!.key);
      if (path.length === 0) continue;
      setError(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<ContactFormValues> };
  };
}

/** The keys whose value the person changed (lists compared whole: a list sent replaces the stored one). */
export function changedKeys(values: ContactFormValues, initial: ContactFormValues): (keyof ContactFormOutput)[] {
  const now = contactDataFrom(values).data;
  const before = contactDataFrom(initial).data;
  return (Object.keys(now) as (keyof ContactFormOutput)[]).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(before[key]));
}

/** Only what changed goes into the PATCH, so a concurrent edit of another field is kept. */
export function changedFields(output: ContactFormOutput, keys: (keyof ContactFormOutput)[]): Partial<ContactFormOutput> {
  return Object.fromEntries(keys.map((key) => [key, output[key]])) as Partial<ContactFormOutput>;
}
