// The contact vocabulary without its schemas: the list screens read these, and importing them must not
// load zod (the schemas, and the forms that use them, load with the dialogs).
import type { ContactKind, ListValues } from "./contact-model/types.js";

export const PHONE_TYPES = [
  "mobile",
  "home",
  "work",
  "other",
  "custom",
  "fax_work",
  "fax_home",
  "pager",
  "callback",
  "car",
  "company_main",
  "isdn",
  "main",
  "other_fax",
  "radio",
  "telex",
  "tty_tdd",
  "work_mobile",
  "work_pager",
  "assistant",
  "mms",
] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

/** 'birthdays': a birthday this month (ADR 015). */
export const CONTACT_FILTERS = ["all", "favorites", "recent", "birthdays"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const CONTACT_SORTS = ["name", "first_name", "last_name", "recent", "favorite", "created", "updated", "birthday"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const DEFAULT_SORT: ContactSort = "last_name";
export const RECENT_DAYS = 3;
/** Filter and search counts stop at this; the API answers COUNT_CAP + 1 for "more than COUNT_CAP". */
export const COUNT_CAP = 20_000;

/**
 * What a create does when the phone already belongs to a contact: "merge" fills that contact's empty
 * fields (the spec's create-or-merge, the default for API clients), "new" adds the person anyway (a
 * shared landline), "ask" changes nothing and answers 409 DUPLICATE_PHONE naming the contact (the form).
 */
export const DUPLICATE_CHOICES = ["merge", "new", "ask"] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

/** The contact a phone number (or, failing that, an e-mail address) already belongs to. */
export interface PhoneMatch {
  id: string;
  name: string;
  phone: string | null;
  /** What matched: any of its phones, or any of its e-mails (which never merges by itself). */
  by: "phone" | "email";
}

/** A contact as the API returns it (times are ISO strings); the server's presenter and the web share it. */
export interface Contact {
  id: string;
  organization_id: string;
  first_name: string;
  last_name: string | null;
  company: string | null;
  /** The spec's flat fields: copies of the first entries of the lists (docs/contacts.md). */
  email: string | null;
  /** A contact may have no phone where the organization allows it (requirePhone off). */
  phone: string | null;
  phone_type: PhoneType;
  phone2: string | null;
  phone2_type: PhoneType;
  address: string | null;
  city: string | null;
  province_state: string | null;
  postal_zip_code: string | null;
  notes: string | null;
  is_favorite: boolean;
  /** The phones in E.164 (+16153906319), when they can be read as numbers; phone and phone2 are as typed. */
  phone_e164: string | null;
  phone2_e164: string | null;
  /** The phones as the screens show them (spec section 9: (615) 390-6319, +44 20 7946 0958), formatted by the server. */
  phone_display: string | null;
  phone2_display: string | null;
  last_accessed: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
  /** Person, or a company contact shown by its company's name (ADR 015). */
  kind: ContactKind;
  name_prefix: string | null;
  middle_name: string | null;
  name_suffix: string | null;
  phonetic_first_name: string | null;
  phonetic_last_name: string | null;
  nickname: string | null;
  department: string | null;
  job_title: string | null;
  /** The photo's version: null without one; the picture is GET .../contacts/:id/photo?v=<photo_etag>. */
  photo_etag: string | null;
  /** The first birthday (YYYY-MM-DD, or --MM-DD without a year), for the list's birthdays order. */
  birthday: string | null;
}

/**
 * A line of a device's card that the app has no field for (a third phone, a birthday, a URL...), kept
 * with the contact and shown read-only in its detail view: the property's name, its parameters
 * (values joined by commas) and its value as text (an embedded photo is described, not sent).
 */
export interface ContactExtra {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** One contact as its detail view reads it: with the lines from devices beside the fields. */
export interface ContactDetail extends Contact, ListValues {
  extras: ContactExtra[];
}
