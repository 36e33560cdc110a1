// A contact's data and its stored row, both ways (ADR 015): the lists travel as JSON text, the spec's
// columns are written as copies of the first entries, and every derived column comes from the data.
import { flatFields } from "../../shared/contact-model/data-schema.js";
import { LIST_FIELDS, SINGLE_FIELDS } from "../../shared/contact-model/fields.js";
import type { ContactData, ContactKind } from "../../shared/contact-model/types.js";
import type { CountryCode } from "../../shared/phone.js";
import { newId } from "../db/ids.js";
import type { ContactRow } from "../db/schema.js";
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

/** The first birthday, and its month and day for the 'This month' filter and the order ('~' sorts after them). */
function birthdayOf(data: ContactData): { birthday: string | null; birthday_md: string } {
  const value = data.dates.find((d) => d.type === "birthday")?.value ?? null;
  return { birthday: value, birthday_md: value ? value.slice(-5) : "~" };
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
  const singles = Object.fromEntries(
    SINGLE_FIELDS.map((f) => [f.key, f.key === "first_name" ? (data.first_name ?? "") : (data[f.key] ?? null)]),
  );
  const lists = Object.fromEntries(LIST_FIELDS.map((f) => [f.key, JSON.stringify(data[f.key])]));
  const columns = {
    kind: data.kind,
    ...(singles as Pick<ContactRow, (typeof SINGLE_FIELDS)[number]["key"]>),
    ...(lists as Pick<ContactRow, (typeof LIST_FIELDS)[number]["key"]>),
    phone: flat.phone,
    phone_type: flat.phone_type ?? "mobile",
    phone2: flat.phone2,
    phone2_type: flat.phone2_type ?? "home",
    email: flat.email,
    address: flat.address,
    city: flat.city,
    province_state: flat.province_state,
    postal_zip_code: flat.postal_zip_code,
    ...birthdayOf(data),
    ...derived.columns,
  };
  return { columns, keys: derived.matches };
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
