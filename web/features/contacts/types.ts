import type { Contact, ContactFilter, ContactSort } from "@shared/contact-schemas";

export type { Contact };

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
