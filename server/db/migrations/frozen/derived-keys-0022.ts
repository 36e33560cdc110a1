// A frozen copy of the derived keys as migration 0022 computed them (the flat contact of that time): a
// migration must not change when the application code does.
import { foldText, germanSpelling } from "./fold-text-0022.js";
import { type CountryCode, phoneKeys } from "./phone-keys.js";
import type { ContactsTable } from "../../schema.js";

type KeyFields = Pick<ContactsTable, "first_name" | "last_name" | "company" | "email" | "phone" | "phone2" | "notes">;

const fold = (s: string | null | undefined) => foldText(s ?? "");

/** A phone as the search text holds it: the digits as typed, and its comparison key when that differs. */
function phoneWords(phone: string | null | undefined, key: string): string[] {
  const typed = (phone ?? "").replace(/\D/g, "");
  return key && !typed.includes(key) ? [typed, key] : [typed];
}

/**
 * The derived columns every write refreshes: null-free folded sort keys (one index range per sort order
 * on both engines, "Álvarez" among the A's), the phones in E.164, and the text the trigram index searches:
 * folded (no accents, lower case) so "garcia" finds "García", with the German spelling of umlauts beside
 * ("mueller" finds "Müller") and phone numbers as bare digits and keys, so "5550123" finds "(555) 555-0123"
 * and "+44 20 7946 0958" finds a British number however it was typed.
 */
export function derivedKeys(c: KeyFields, country: CountryCode) {
  const first = fold(c.first_name) || fold(c.company);
  const last = fold(c.last_name);
  const name = `${fold(c.first_name)} ${last}`.trim();
  const names = [c.first_name, c.last_name, c.company].filter(Boolean).join(" ");
  const phone = phoneKeys(c.phone, country);
  const phone2 = phoneKeys(c.phone2, country);
  return {
    sort_name: `${first} ${last}`.trim(),
    sort_first: first,
    sort_last: last,
    no_last: last ? 0 : 1,
    phone_digits: phone.key,
    phone_e164: phone.e164,
    phone2_e164: phone2.e164,
    search_text: [
      name,
      fold(c.company),
      germanSpelling(names),
      (c.email ?? "").toLocaleLowerCase("en"),
      fold(c.notes),
      ...phoneWords(c.phone, phone.key),
      ...phoneWords(c.phone2, phone2.key),
    ]
      .filter(Boolean)
      .join(" | "),
  };
}
