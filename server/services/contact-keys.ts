import { normalizePhone } from "../../shared/phone.js";
import type { ContactsTable } from "../db/schema.js";

type KeyFields = Pick<ContactsTable, "first_name" | "last_name" | "company" | "email" | "phone" | "phone2" | "notes">;

const lower = (s: string | null | undefined) => (s ?? "").toLocaleLowerCase("en");

/**
 * The derived columns every write refreshes: null-free lower-cased sort keys (one index range per sort
 * order on both engines) and the text the trigram index searches, with phone numbers as bare digits
 * so "5550123" finds "(555) 555-0123".
 */
export function derivedKeys(c: KeyFields) {
  const first = lower(c.first_name) || lower(c.company);
  const last = lower(c.last_name);
  return {
    sort_name: `${first} ${last}`.trim(),
    sort_first: first,
    sort_last: last,
    no_last: last ? 0 : 1,
    phone_digits: normalizePhone(c.phone),
    search_text: [
      `${lower(c.first_name)} ${last}`.trim(),
      lower(c.company),
      lower(c.email),
      lower(c.notes),
      (c.phone ?? "").replace(/\D/g, ""),
      (c.phone2 ?? "").replace(/\D/g, ""),
    ]
      .filter(Boolean)
      .join(" | "),
  };
}
