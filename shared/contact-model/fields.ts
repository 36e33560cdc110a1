// The contact's fields, each declared once (ADR 015): schemas, the wire type, import targets, export
// columns, the vCard mapping, the form's defaults and the docs' field list are derived from this table.
// No zod here: list screens and the importer's tables read it without loading the schemas.
import { PHONE_TYPES } from "../contact-fields.js";

export const EMAIL_TYPES = ["home", "work", "other", "custom"] as const;
export const ADDRESS_TYPES = ["home", "work", "other", "custom"] as const;
export const URL_TYPES = ["homepage", "home", "work", "blog", "profile", "other", "custom"] as const;
export const DATE_TYPES = ["birthday", "anniversary", "other", "custom"] as const;
export type DateType = (typeof DATE_TYPES)[number];

/** Text of one line (names, titles) or several (notes, a street). */
export type TextKind = "line" | "text";

/** A field with one value per contact, kept in a column of its own. */
export interface SingleField {
  key: string;
  label: string;
  kind: TextKind;
  max: number;
  /** The vCard property, and for a structured one (N, ORG) the component it is. */
  vcard: { property: string; component?: number };
  /** The full CSV's column, named as Google Contacts names it (our importer and theirs map it back). */
  csv: string;
  /** The spec's own field (section 3): a column since the first release. */
  spec?: true;
}

/** One part of a list entry (a phone's value, an address's city). */
export interface EntryPart {
  key: string;
  label: string;
  kind: TextKind;
  max: number;
  /** The component of the vCard property's structured value (ADR's parts), when it has several. */
  component?: number;
}

/** A field with any number of entries (phones, e-mails...), each with parts, a type and a free label. */
export interface ListField {
  key: string;
  label: string;
  /** What the form's button adds ('Add phone'). */
  addLabel: string;
  /** At most this many entries (a phone's card with more is kept whole up to here, the rest reported). */
  maxEntries: number;
  parts: readonly EntryPart[];
  types: readonly string[];
  defaultType: string;
  /** The vCard property of an entry (dates: per type, see DATE_PROPERTIES). */
  vcard: { property: string };
  /** The full CSV's numbered columns: `${csv} 1 - Value`, `${csv} 1 - Label` (Google's layout). */
  csv: string;
}

const line = (key: string, label: string, max: number, extra: Partial<EntryPart> = {}): EntryPart => ({
  key,
  label,
  kind: "line",
  max,
  ...extra,
});

/** The single fields, in the order the form and the full CSV show them. */
export const SINGLE_FIELDS = [
  { key: "name_prefix", label: "Prefix", kind: "line", max: 40, vcard: { property: "N", component: 3 }, csv: "Name Prefix" },
  { key: "first_name", label: "First name", kind: "line", max: 100, vcard: { property: "N", component: 1 }, csv: "First Name", spec: true },
  { key: "middle_name", label: "Middle name", kind: "line", max: 100, vcard: { property: "N", component: 2 }, csv: "Middle Name" },
  { key: "last_name", label: "Last name", kind: "line", max: 100, vcard: { property: "N", component: 0 }, csv: "Last Name", spec: true },
  { key: "name_suffix", label: "Suffix", kind: "line", max: 40, vcard: { property: "N", component: 4 }, csv: "Name Suffix" },
  {
    key: "phonetic_first_name",
    label: "Phonetic first name",
    kind: "line",
    max: 100,
    vcard: { property: "X-PHONETIC-FIRST-NAME" },
    csv: "Phonetic First Name",
  },
  {
    key: "phonetic_last_name",
    label: "Phonetic last name",
    kind: "line",
    max: 100,
    vcard: { property: "X-PHONETIC-LAST-NAME" },
    csv: "Phonetic Last Name",
  },
  { key: "nickname", label: "Nickname", kind: "line", max: 100, vcard: { property: "NICKNAME" }, csv: "Nickname" },
  {
    key: "company",
    label: "Company",
    kind: "line",
    max: 200,
    vcard: { property: "ORG", component: 0 },
    csv: "Organization Name",
    spec: true,
  },
  {
    key: "department",
    label: "Department",
    kind: "line",
    max: 200,
    vcard: { property: "ORG", component: 1 },
    csv: "Organization Department",
  },
  { key: "job_title", label: "Job title", kind: "line", max: 200, vcard: { property: "TITLE" }, csv: "Organization Title" },
  { key: "notes", label: "Notes", kind: "text", max: 5000, vcard: { property: "NOTE" }, csv: "Notes", spec: true },
] as const satisfies readonly SingleField[];

export type SingleKey = (typeof SINGLE_FIELDS)[number]["key"];

/** The list fields; the first entry of phones, e-mails and addresses is what the spec's fields show. */
export const LIST_FIELDS = [
  {
    key: "phones",
    label: "Phone",
    addLabel: "Add phone",
    maxEntries: 50,
    parts: [line("value", "Phone", 40)],
    types: PHONE_TYPES,
    defaultType: "mobile",
    vcard: { property: "TEL" },
    csv: "Phone",
  },
  {
    key: "emails",
    label: "E-mail",
    addLabel: "Add e-mail",
    maxEntries: 50,
    parts: [line("value", "E-mail", 254)],
    types: EMAIL_TYPES,
    defaultType: "home",
    vcard: { property: "EMAIL" },
    csv: "E-mail",
  },
  {
    key: "addresses",
    label: "Address",
    addLabel: "Add address",
    maxEntries: 20,
    // vCard ADR: post office box (0, read into the street), extended (1), street (2), locality, region, code, country.
    parts: [
      { key: "street", label: "Street", kind: "text", max: 300, component: 2 },
      line("extended", "Apartment, suite", 200, { component: 1 }),
      line("city", "City", 100, { component: 3 }),
      line("region", "Province/State", 100, { component: 4 }),
      line("postal_code", "Postal/Zip code", 20, { component: 5 }),
      line("country", "Country", 100, { component: 6 }),
    ],
    types: ADDRESS_TYPES,
    defaultType: "home",
    vcard: { property: "ADR" },
    csv: "Address",
  },
  {
    key: "urls",
    label: "Website",
    addLabel: "Add website",
    maxEntries: 20,
    parts: [line("value", "Website", 2000)],
    types: URL_TYPES,
    defaultType: "homepage",
    vcard: { property: "URL" },
    csv: "Website",
  },
  {
    key: "dates",
    label: "Date",
    addLabel: "Add date",
    maxEntries: 20,
    // YYYY-MM-DD, or --MM-DD without a year (vCard's own form for a birthday whose year is unknown).
    parts: [line("value", "Date", 10)],
    types: DATE_TYPES,
    defaultType: "birthday",
    vcard: { property: "X-ABDATE" },
    csv: "Event",
  },
  {
    key: "custom_fields",
    label: "Custom field",
    addLabel: "Add custom field",
    maxEntries: 50,
    parts: [{ key: "value", label: "Value", kind: "text", max: 2000 }],
    types: ["custom"],
    defaultType: "custom",
    vcard: { property: "X-CUSTOM" },
    csv: "Custom Field",
  },
] as const satisfies readonly ListField[];

export type ListKey = (typeof LIST_FIELDS)[number]["key"];

/** Dates of these types have a vCard property of their own; the others are X-ABDATE with a label (Apple's). */
export const DATE_PROPERTIES: Partial<Record<DateType, string>> = { birthday: "BDAY", anniversary: "ANNIVERSARY" };

/** A free label of a 'custom' (or any) entry: what the source called it ('Assistant', 'Gate code'). */
export const ENTRY_LABEL_MAX = 60;

/**
 * The spec's single-value fields that show a list's first entry: `phone` is phones[0].value, `city` is
 * addresses[0].city. Clients written for the spec keep reading and writing these.
 */
export const FIRST_ENTRY_FIELDS = {
  phone: ["phones", 0, "value"],
  phone_type: ["phones", 0, "type"],
  phone2: ["phones", 1, "value"],
  phone2_type: ["phones", 1, "type"],
  email: ["emails", 0, "value"],
  address: ["addresses", 0, "street"],
  city: ["addresses", 0, "city"],
  province_state: ["addresses", 0, "region"],
  postal_zip_code: ["addresses", 0, "postal_code"],
} as const satisfies Record<string, readonly [ListKey, number, string]>;

export type FirstEntryKey = keyof typeof FIRST_ENTRY_FIELDS;

/** A list field by its key. */
export const listField = (key: ListKey) => LIST_FIELDS.find((f) => f.key === key)!;
