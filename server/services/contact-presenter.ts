import type { Contact, ContactDetail, PhoneType } from "../../shared/contact-schemas.js";
import type { ContactKind } from "../../shared/contact-model/types.js";
import { type CountryCode, formatPhone } from "../../shared/phone.js";
import { toIso } from "../db/ids.js";
import type { ShownContact } from "../db/repositories/contacts.js";
import type { ContactRow } from "../db/schema.js";
import { presentExtras } from "../vcard/extras.js";
import { dataOfRow } from "./contact-row.js";

/**
 * The contact as lists show it: the spec's fields plus version, the single fields beyond them, and the
 * phones formatted for display (with the install's default country), so the list screens need no phone
 * library; derived keys stay inside.
 */
export function presentContact(c: ShownContact, country: CountryCode): Contact {
  return {
    id: c.id,
    organization_id: c.organization_id,
    kind: (c.kind ?? "person") as ContactKind,
    name_prefix: c.name_prefix ?? null,
    first_name: c.first_name,
    middle_name: c.middle_name ?? null,
    last_name: c.last_name,
    name_suffix: c.name_suffix ?? null,
    phonetic_first_name: c.phonetic_first_name ?? null,
    phonetic_last_name: c.phonetic_last_name ?? null,
    nickname: c.nickname ?? null,
    company: c.company,
    department: c.department ?? null,
    job_title: c.job_title ?? null,
    email: c.email,
    phone: c.phone,
    phone_e164: c.phone_e164,
    phone2_e164: c.phone2_e164,
    phone_display: c.phone ? formatPhone(c.phone, country) : null,
    phone2_display: c.phone2 ? formatPhone(c.phone2, country) : null,
    phone_type: c.phone_type as PhoneType,
    phone2: c.phone2,
    phone2_type: c.phone2_type as PhoneType,
    address: c.address,
    city: c.city,
    province_state: c.province_state,
    postal_zip_code: c.postal_zip_code,
    notes: c.notes,
    birthday: c.birthday ?? null,
    photo_etag: c.photo_etag ?? null,
    is_favorite: Boolean(c.is_favorite),
    last_accessed: toIso(c.last_accessed),
    created_at: toIso(c.created_at)!,
    updated_at: toIso(c.updated_at)!,
    deleted_at: toIso(c.deleted_at),
    version: c.version,
  };
}

/** One contact for its detail view and the form: every field and list, and the device's lines without a field. */
export function presentDetail(row: ContactRow, country: CountryCode): ContactDetail {
  const data = dataOfRow(row);
  return {
    ...presentContact(row, country),
    phones: data.phones,
    emails: data.emails,
    addresses: data.addresses,
    urls: data.urls,
    dates: data.dates,
    custom_fields: data.custom_fields,
    extras: presentExtras(row.vcard_extra),
  };
}
