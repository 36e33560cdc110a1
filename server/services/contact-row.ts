// A contact's data and its stored row, both ways (ADR 015): the lists travel as JSON text, the spec's
// columns are written as copies of the first entries, and every derived column comes from the data.
import { emptyContactData, flatFields } from "../../shared/contact-model/data-schema.js";
import { LIST_FIELDS, SINGLE_FIELDS } from "../../shared/contact-model/fields.js";
import type { ContactData, ContactKind } from "../../shared/contact-model/types.js";
import { type CountryCode, FALLBACK_COUNTRY } from "../../shared/phone.js";
import { newId } from "../db/ids.js";
import { type ContactRow, NO_BIRTHDAY } from "../db/schema.js";
import { NEW_CONTACT_STAMPS } from "./contact-conflicts.js";
import { derivedKeysAndMatches } from "./contact-keys.js";

type StoredData = Pick<ContactRow, (typeof SINGLE_FIELDS)[number]["key"] | (typeof LIST_FIELDS)[number]["key"] | "kind">;

function parseList(text: string | null | undefined): unknown[] {
  if (!text || text === "[]") return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [];
}

/** The contact's data from its row. */
export function dataOfRow(row: StoredData): ContactData {
  const data = { kind: (row.kind ?? "person") as ContactKind } as Record<string, unknown>;
  for (const f of SINGLE_FIELDS) data[f.key] = row[f.key] ?? (f.key === "first_name" ? "" : null);
  for (const f of LIST_FIELDS) data[f.key] = parseList(row[f.key]);
  return data as ContactData;
}

/** The first birthday, and its month and day for the 'This month' filter and the order (NO_BIRTHDAY sorts after them). */
function birthdayOf(data: ContactData): { birthday: string | null; birthday_md: string } {
  const value = data.dates.find((d) => d.type === "birthday")?.value ?? null;
  return { birthday: value, birthday_md: value ? value.slice(-5) : NO_BIRTHDAY };
}

/**
 * Every column a write of `data` sets: the single fields, the lists, the spec's flat copies of the first
 * entries (phone, email, city...), the first birthday and the derived keys. The favourite, version and
 * times are the caller's.
 */
export function rowOfData(data: ContactData, country: CountryCode) {
  return rowAndKeysOfData(data, country).columns;
}

/** The columns of `data` (above) and its match keys, from one parse of its phones. */
export function rowAndKeysOfData(data: ContactData, country: CountryCode) {
  const derived = derivedKeysAndMatches(data, country);
  const flat = flatFields(data);
  // Filled in place: this runs for every row of an import, and copies of 45 properties add up.
  const fields = { kind: data.kind } as { kind: ContactKind } & Pick<
    ContactRow,
    (typeof SINGLE_FIELDS)[number]["key"] | (typeof LIST_FIELDS)[number]["key"]
  >;
  const into = fields as Record<string, unknown>;
  for (const f of SINGLE_FIELDS) into[f.key] = f.key === "first_name" ? (data.first_name ?? "") : (data[f.key] ?? null);
  for (const f of LIST_FIELDS) into[f.key] = JSON.stringify(data[f.key]);
  const birthday = birthdayOf(data);
  const columns = Object.assign(fields, {
    phone: flat.phone,
    phone_type: flat.phone_type ?? "mobile",
    phone2: flat.phone2,
    phone2_type: flat.phone2_type ?? "home",
    email: flat.email,
    address: flat.address,
    city: flat.city,
    province_state: flat.province_state,
    postal_zip_code: flat.postal_zip_code,
    birthday: birthday.birthday,
    birthday_md: birthday.birthday_md,
  });
  Object.assign(columns, derived.columns);
  return { columns: columns as typeof columns & typeof derived.columns, keys: derived.matches };
}

type DataColumns = ReturnType<typeof rowOfData>;

/** The columns rowAndKeysOfData writes, in its order (the same for every contact). */
export const DATA_COLUMNS = Object.keys(rowOfData(emptyContactData(), FALLBACK_COUNTRY)) as (keyof DataColumns)[];

/**
 * A new contact's columns as an import's preparing thread hands them over: its names and keys, and the
 * rest as one JSON array of values in DATA_COLUMNS' order. One string crosses to the request thread
 * instead of an object of 45 properties, and goes into the batch's insert as it is (contact-packing.ts):
 * the request thread made, copied and dropped two such objects a row, and its garbage collection was a
 * sixth of its time. Read whole (columnsOfValues) only for a row that merges or is merged into.
 */
export interface PreparedColumns {
  names: Pick<DataColumns, "first_name" | "last_name" | "company">;
  keys: ReturnType<typeof rowAndKeysOfData>["keys"];
  values: string;
}

export function preparedColumns(data: ContactData, country: CountryCode): PreparedColumns {
  const { columns, keys } = rowAndKeysOfData(data, country);
  return {
    names: { first_name: columns.first_name, last_name: columns.last_name, company: columns.company },
    keys,
    values: valuesOf(columns),
  };
}

/** Code units above Latin-1: a text with one must stay two bytes a character. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * `text` stored one byte a character where V8 allows it. Folding an accented name ("Zoë" -> "zoe")
 * goes through normalize(), whose result is kept two bytes a character however plain, and so is every
 * string made with it: a batch with one such row became a packed insert of twice the bytes to copy to
 * the writing thread and to convert for SQLite (a batch's pack took 15 against 8 ms).
 */
const oneByte = (text: string) => (BEYOND_LATIN1.test(text) ? text : Buffer.from(text, "latin1").toString("latin1"));

/** The JSON array of a contact's columns in DATA_COLUMNS' order. */
export const valuesOf = (columns: DataColumns) => oneByte(JSON.stringify(DATA_COLUMNS.map((c) => columns[c] ?? null)));

/** The columns of valuesOf's array. */
export function columnsOfValues(values: string): DataColumns {
  const list = JSON.parse(values) as unknown[];
  return Object.fromEntries(DATA_COLUMNS.map((c, i) => [c, list[i]])) as DataColumns;
}

/** A new contact's whole row: its data's columns (rowOfData), and the upkeep columns of a contact nobody opened yet. */
export function newContactRow(
  organizationId: string,
  columns: ReturnType<typeof rowOfData>,
  meta: {
    /** Its id, when known before (an import's plan names its new contacts); else a new one. */
    id?: string;
    now: string;
    isFavorite?: boolean;
    importId?: string | null;
    vcard_uid?: string | null;
    dav_name?: string | null;
    vcard_extra?: string | null;
    photo_etag?: string | null;
  },
) {
  const isFavorite = meta.isFavorite ?? false;
  return {
    id: meta.id ?? newId(),
    organization_id: organizationId,
    ...columns,
    is_favorite: isFavorite,
    fav_rank: isFavorite ? 0 : 1,
    created_at: meta.now,
    updated_at: meta.now,
    version: 1,
    last_accessed: null,
    accessed_key: "",
    deleted_at: null,
    deleted_by: null,
    import_id: meta.importId ?? null,
    vcard_uid: meta.vcard_uid ?? null,
    dav_name: meta.dav_name ?? null,
    vcard_extra: meta.vcard_extra ?? null,
    photo_etag: meta.photo_etag ?? null,
    field_stamps: NEW_CONTACT_STAMPS,
  };
}
