import type { ContactFilter, ContactSort, PhoneType } from "@shared/contact-schemas";

/** A contact as the API returns it (times are ISO strings). */
export interface Contact {
  id: string;
  organization_id: string;
  first_name: string;
  last_name: string | null;
  company: string | null;
  email: string | null;
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
  last_accessed: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type ContactsPage = Page<Contact>;

export interface ContactListParams {
  /** Trimmed search text; "" for none. */
  q: string;
  filter: ContactFilter;
  sort: ContactSort;
}

export interface ContactCounts {
  all: number;
  favorites: number;
  recent: number;
}

export interface CreateContactResult {
  contact: Contact;
  merged: boolean;
  changes: string[];
}

export interface DuplicateGroup {
  /** Already formatted by the server, e.g. (555) 555-0123. */
  normalized_phone: string;
  contact_count: number;
  contact_names: string[];
  contact_ids: string[];
}
