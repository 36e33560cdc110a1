import { foldText, isPhoneLike, searchWords } from "@shared/search-words";
import type { Contact } from "../types";

/** What the server's search text holds of a list row (server/services/contact-keys.ts), as far as the row carries it. */
const SEARCHED: readonly (keyof Contact)[] = [
  "name_prefix",
  "first_name",
  "middle_name",
  "last_name",
  "name_suffix",
  "phonetic_first_name",
  "phonetic_last_name",
  "nickname",
  "company",
  "department",
  "job_title",
  "email",
  "address",
  "city",
  "province_state",
  "postal_zip_code",
  "notes",
];

const digitsOf = (value: string | null | undefined) => (value ?? "").replace(/\D/g, "");

/**
 * Whether a cached row matches a search, in the browser (offline, or while the server's answer to a new
 * search is on its way): every word somewhere in its text, or a number among its phones' digits. Close to
 * the server's search, not equal to it: the row carries the first two phones and the first e-mail only.
 */
export function matchesSearch(contact: Contact, q: string): boolean {
  const trimmed = q.trim();
  if (!trimmed) return true;
  if (isPhoneLike(trimmed)) {
    const wanted = digitsOf(trimmed);
    // A North American number typed with its trunk 1 ("1 615 390 6319") is the same number without it.
    const short = wanted.length === 11 && wanted.startsWith("1") ? wanted.slice(1) : wanted;
    return [contact.phone, contact.phone2, contact.phone_e164, contact.phone2_e164].some((p) => {
      const digits = digitsOf(p);
      return digits.length > 0 && (digits.includes(wanted) || digits.includes(short));
    });
  }
  const text = SEARCHED.map((key) => contact[key])
    .filter((value): value is string => typeof value === "string" && value.length > 0)
    .map(foldText)
    .join(" | ");
  return searchWords(trimmed).every((word) => text.includes(word));
}
