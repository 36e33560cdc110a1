import type { Contact, PhoneType } from "../../shared/contact-schemas.js";
import { type CountryCode, formatPhone } from "../../shared/phone.js";
import { toIso } from "../db/ids.js";
import type { ShownContact } from "../db/repositories/contacts.js";

/**
 * The contact as clients see it: the spec's fields plus version, and the phones formatted for display
 * (with the install's default country), so the list screens need no phone library; derived keys stay inside.
 */
export function presentContact(c: ShownContact, country: CountryCode): Contact {
  return {
    id: c.id,
    organization_id: c.organization_id,
    first_name: c.first_name,
    last_name: c.last_name,
    company: c.company,
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
    is_favorite: Boolean(c.is_favorite),
    last_accessed: toIso(c.last_accessed),
    created_at: toIso(c.created_at)!,
    updated_at: toIso(c.updated_at)!,
    deleted_at: toIso(c.deleted_at),
    version: c.version,
  };
}
