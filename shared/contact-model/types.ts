// The contact's data as types derived from the field table (fields.ts): one entry type per list field,
// and the whole of what a person can edit.
import type { LIST_FIELDS, ListKey, SingleKey } from "./fields.js";

export const CONTACT_KINDS = ["person", "company"] as const;
/** A company contact is shown and sorted by its company's name (Apple's X-ABShowAs:COMPANY). */
export type ContactKind = (typeof CONTACT_KINDS)[number];

type ListFieldOf<K extends ListKey> = Extract<(typeof LIST_FIELDS)[number], { key: K }>;

/** One entry of a list field: its parts (null when empty), its type and a free label. */
export type EntryOf<K extends ListKey> = {
  [P in ListFieldOf<K>["parts"][number]["key"]]: P extends "value" ? string : string | null;
} & { type: ListFieldOf<K>["types"][number]; label: string | null };

export type ListValues = { [K in ListKey]: EntryOf<K>[] };
/** Empty single fields are null; first_name is text ('' for a company-only contact), as the spec has it. */
export type SingleValues = { [K in SingleKey]: K extends "first_name" ? string : string | null };

/** Everything a person edits about a contact (the favourite star aside, which is not an edit). */
export type ContactData = SingleValues & ListValues & { kind: ContactKind };
