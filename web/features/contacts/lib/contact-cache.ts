import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { Contact, ContactsPage } from "../types";

/** The id of a contact shown before the server has answered its create (optimistic row). */
export const newTempId = () => `temp-${crypto.randomUUID()}`;
/** A row not saved yet: no menu, star or detail until the server's copy replaces it. */
export const isUnsaved = (contact: { id: string }) => contact.id.startsWith("temp-");

// Pure helpers over the cached pages of the contact lists, so optimistic writes touch one row and can be
// undone one row at a time (a snapshot restore would also undo unrelated changes made meanwhile).

export type ContactPages = InfiniteData<ContactsPage, string | null>;

export function mapContacts(data: ContactPages, change: (contact: Contact) => Contact): ContactPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const items = page.items.map((contact) => {
      const next = change(contact);
      if (next !== contact) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * A contact with some fields changed. A phone changed here (an edit not yet answered) drops the server's
 * formatted and E.164 forms of the old number, so the typed number shows until the server's copy comes.
 */
export function patchContact(data: ContactPages, id: string, patch: Partial<Contact>): ContactPages {
  return mapContacts(data, (contact) => {
    if (contact.id !== id) return contact;
    const stale: Partial<Contact> = {};
    if (patch.phone !== undefined && patch.phone !== contact.phone && !("phone_display" in patch))
      Object.assign(stale, { phone_display: null, phone_e164: null });
    if (patch.phone2 !== undefined && patch.phone2 !== contact.phone2 && !("phone2_display" in patch))
      Object.assign(stale, { phone2_display: null, phone2_e164: null });
    return { ...contact, ...stale, ...patch };
  });
}

export function containsContact(data: ContactPages, id: string): boolean {
  return data.pages.some((page) => page.items.some((contact) => contact.id === id));
}

export interface RemovedRow {
  queryKey: QueryKey;
  page: number;
  index: number;
  contact: Contact;
}

export function removeContact(data: ContactPages, id: string): ContactPages {
  if (!containsContact(data, id)) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== id) })) };
}

/** Puts a row back where it was (or at the end of its page when the page shrank meanwhile). */
export function reinsertContact(data: ContactPages, row: RemovedRow): ContactPages {
  if (containsContact(data, row.contact.id)) return data;
  const pages = data.pages.map((page, index) => {
    if (index !== row.page) return page;
    const items = [...page.items];
    items.splice(Math.min(row.index, items.length), 0, row.contact);
    return { ...page, items };
  });
  return { ...data, pages };
}

/** New rows go on top of the first page: they are visible at once, whatever the sort. */
export function prependContact(data: ContactPages, contact: Contact): ContactPages {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [contact, ...first.items] }, ...rest] };
}

/** Where the row sits in every cached list that holds it. */
export function locateContact(queryClient: QueryClient, listsKey: QueryKey, id: string): RemovedRow[] {
  const rows: RemovedRow[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<ContactPages>({ queryKey: listsKey })) {
    data?.pages.forEach((page, pageIndex) => {
      const index = page.items.findIndex((c) => c.id === id);
      const contact = page.items[index];
      if (contact) rows.push({ queryKey, page: pageIndex, index, contact });
    });
  }
  return rows;
}
