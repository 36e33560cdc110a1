// The whole contact as the form edits it and the server stores it, validated with the organization's
// rules; and the spec's flat fields (phone, email, address...) read onto and off the first entries.
import { z } from "zod";
import { FIRST_ENTRY_FIELDS, type FirstEntryKey, LIST_FIELDS, type ListKey, SINGLE_FIELDS, listField } from "./fields.js";
import { LIST_SCHEMAS, SINGLE_SCHEMAS, contactKindSchema, firstPhoneRule } from "./schemas.js";
import type { ContactData } from "./types.js";

/** An organization's rules for what a contact must have (ADR 015). */
export interface ContactRules {
  /** 'Every contact needs a phone number' (the spec's rule; an organization may turn it off). */
  requirePhone: boolean;
}

export const DEFAULT_CONTACT_RULES: ContactRules = { requirePhone: true };

const shape = {
  kind: contactKindSchema.default("person"),
  ...SINGLE_SCHEMAS,
  ...Object.fromEntries(LIST_FIELDS.map((f) => [f.key, LIST_SCHEMAS[f.key].default([])])),
  is_favorite: z.boolean().default(false),
} as unknown as Record<string, z.ZodType>;

export type ContactDataInput = Partial<ContactData> & { is_favorite?: boolean };
export type ValidContactData = ContactData & { is_favorite: boolean };

/** A contact's problems with the rules that span fields: a name or a company; the first phone follows the
 * spec's rule (7-16 digits), and is required unless the organization turned that off. */
export function contactRuleIssues(c: Pick<ContactData, "phones" | "first_name" | "company">, rules: ContactRules) {
  const issues: { message: string; path: (string | number)[] }[] = [];
  const first = c.phones[0]?.value;
  if (!first) {
    if (rules.requirePhone) issues.push({ message: "Phone number is required", path: ["phones", 0, "value"] });
  } else if (!firstPhoneRule.test(first)) {
    issues.push({ message: firstPhoneRule.message, path: ["phones", 0, "value"] });
  }
  if (!c.first_name && !c.company) issues.push({ message: "First name or company is required", path: ["first_name"] });
  return issues;
}

const schemas = new Map<boolean, z.ZodType<ValidContactData, ContactDataInput>>();

/** The whole contact, validated field by field and then by the rules that span fields (one schema per rule set). */
export function contactDataSchema(rules: ContactRules): z.ZodType<ValidContactData, ContactDataInput> {
  let schema = schemas.get(rules.requirePhone);
  if (!schema) {
    schema = z.object(shape).superRefine((value, ctx) => {
      for (const issue of contactRuleIssues(value as unknown as ValidContactData, rules)) ctx.addIssue({ code: "custom", ...issue });
    }) as unknown as z.ZodType<ValidContactData, ContactDataInput>;
    schemas.set(rules.requirePhone, schema);
  }
  return schema;
}

const EMPTY_SINGLES = Object.fromEntries(SINGLE_FIELDS.map((f) => [f.key, f.key === "first_name" ? "" : null])) as Omit<
  ContactData,
  ListKey | "kind"
>;

/** An empty contact (the form's defaults). */
export function emptyContactData(): ContactData {
  return { kind: "person", ...EMPTY_SINGLES, phones: [], emails: [], addresses: [], urls: [], dates: [], custom_fields: [] };
}

/** The spec's flat fields as the first entries show them (phone is phones[0].value, city addresses[0].city). */
export function flatFields(data: Pick<ContactData, ListKey>): Record<FirstEntryKey, string | null> {
  const out = {} as Record<FirstEntryKey, string | null>;
  for (const [flat, [list, index, part]] of Object.entries(FIRST_ENTRY_FIELDS) as [
    FirstEntryKey,
    (typeof FIRST_ENTRY_FIELDS)[FirstEntryKey],
  ][]) {
    const entry = (data[list] as Record<string, string | null>[])[index];
    out[flat] = entry ? (entry[part] ?? null) : null;
  }
  return out;
}

const blankEntry = (list: ListKey, index: number): Record<string, string | null> => {
  const field = listField(list);
  // The spec's second phone defaults to 'home' (as its form always did).
  const type = list === "phones" && index === 1 ? "home" : field.defaultType;
  return { ...Object.fromEntries(field.parts.map((p) => [p.key, p.key === "value" ? "" : null])), type, label: null };
};

/**
 * Writes the spec's flat fields a request gave onto the first entries of `data` (an old client's PATCH of
 * `phone2` edits the second phone and keeps the third). An emptied value removes its entry when that
 * leaves it empty; a type without its value is kept for when one comes.
 */
export function applyFlatFields(data: ContactData, flat: Partial<Record<FirstEntryKey, string | null | undefined>>): ContactData {
  const out = { ...data } as ContactData;
  const touched = new Set<ListKey>();
  for (const [key, value] of Object.entries(flat) as [FirstEntryKey, string | null | undefined][]) {
    if (value === undefined) continue;
    const [list, index, part] = FIRST_ENTRY_FIELDS[key];
    if (!touched.has(list)) {
      (out as Record<ListKey, unknown>)[list] = (data[list] as object[]).map((e) => ({ ...e }));
      touched.add(list);
    }
    const entries = out[list] as Record<string, string | null>[];
    while (entries.length <= index) entries.push(blankEntry(list, entries.length));
    entries[index]![part] = value === "" ? (part === "value" ? "" : null) : value;
  }
  for (const list of touched) {
    const field = listField(list);
    (out as Record<ListKey, unknown>)[list] = (out[list] as Record<string, string | null>[]).filter((e) =>
      field.parts.some((p) => e[p.key] !== null && e[p.key] !== ""),
    );
  }
  return out;
}

/** The keys of a contact's data a request may send (besides the spec's flat fields). */
export const DATA_KEYS = ["kind", ...SINGLE_FIELDS.map((f) => f.key), ...LIST_FIELDS.map((f) => f.key)] as const;

/**
 * A request's contact onto `base` (an empty contact for a create, the stored one for an edit): the data
 * keys it sends replace those of `base` (a list replaces the whole list), and the spec's flat fields edit
 * the first entries. Sending a flat field and its list together is refused: which would win is a guess.
 * The result is to be validated with contactDataSchema.
 */
export function inputOntoData(base: ContactData, body: Record<string, unknown>): { data: Record<string, unknown> } | { error: string } {
  const flat: Partial<Record<FirstEntryKey, string | null>> = {};
  for (const [key, [list]] of Object.entries(FIRST_ENTRY_FIELDS) as [FirstEntryKey, (typeof FIRST_ENTRY_FIELDS)[FirstEntryKey]][]) {
    if (body[key] === undefined) continue;
    if (body[list] !== undefined) return { error: `Send either ${key} or ${list}, not both` };
    flat[key] = body[key] as string | null;
  }
  const withFlat = applyFlatFields(base, flat);
  const data: Record<string, unknown> = { ...withFlat };
  for (const key of DATA_KEYS) if (body[key] !== undefined) data[key] = body[key];
  if (body.is_favorite !== undefined) data.is_favorite = body.is_favorite;
  return { data };
}
