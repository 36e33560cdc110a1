import { LIST_FIELDS, SINGLE_FIELDS } from "../../shared/contact-model/fields.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { type CountryCode, phoneKeys } from "../../shared/phone.js";
import { foldText, germanSpelling } from "../../shared/search.js";
import type { MatchKey } from "../db/repositories/contacts.js";

const fold = (s: string | null | undefined) => (s ? foldText(s) : "");

/** A phone as the search text holds it: the digits as typed, and its comparison key when that differs. */
function phoneWords(phone: string | null | undefined, key: string): string[] {
  const typed = (phone ?? "").replace(/\D/g, "");
  return key && !typed.includes(key) ? [typed, key] : [typed];
}

/** The searchable single fields beyond the name (the name is folded above, with its German spelling). */
const SEARCHED_SINGLES = SINGLE_FIELDS.filter((f) => !["first_name", "last_name", "company"].includes(f.key)).map((f) => f.key);
/** List parts that are searched as text (phones are searched by their digits and keys, dates not at all). */
const SEARCHED_LISTS = LIST_FIELDS.filter((f) => f.key !== "phones" && f.key !== "dates");

export type { MatchKey };

/**
 * The derived columns every write refreshes: null-free folded sort keys (one index range per sort order
 * on both engines, "Álvarez" among the A's; a company contact sorts by its company), the first two phones
 * in E.164, and the text the trigram index searches: folded (no accents, lower case) so "garcia" finds
 * "García", with the German spelling of umlauts beside ("mueller" finds "Müller"), every phone as bare
 * digits and key (so "5550123" finds "(555) 555-0123" and a third number is found too), and every other
 * value a person might type: e-mails, address lines, organization, title, nickname, custom values.
 * Beside them, the match keys; both from one parse of the phones (the dearest step of a write).
 */
export function derivedKeysAndMatches(c: ContactData, country: CountryCode) {
  const company = c.kind === "company";
  const first = (company ? fold(c.company) : fold(c.first_name)) || fold(c.company);
  const last = company ? "" : fold(c.last_name);
  const name = `${fold(c.first_name)} ${fold(c.last_name)}`.trim();
  const names = [c.first_name, c.last_name, c.company].filter(Boolean).join(" ");
  const parsed = c.phones.map((p) => phoneKeys(p.value, country));
  const others: string[] = SEARCHED_SINGLES.map((k) => fold(c[k]));
  for (const field of SEARCHED_LISTS) {
    for (const entry of c[field.key] as Record<string, string | null>[]) {
      for (const part of field.parts) others.push(field.key === "emails" ? (entry[part.key] ?? "").toLowerCase() : fold(entry[part.key]));
      if (entry.label) others.push(fold(entry.label));
    }
  }
  const matches = new Map<string, MatchKey>();
  for (const { key } of parsed) if (key) matches.set(`p:${key}`, { kind: "phone", key });
  for (const e of c.emails) {
    const key = (e.value ?? "").trim().toLowerCase();
    if (key) matches.set(`e:${key}`, { kind: "email", key });
  }
  const columns = {
    sort_name: `${first} ${last}`.trim(),
    sort_first: first,
    sort_last: last,
    no_last: last ? 0 : 1,
    phone_digits: parsed[0]?.key ?? "",
    phone_e164: parsed[0]?.e164 ?? null,
    phone2_e164: parsed[1]?.e164 ?? null,
    search_text: [
      name,
      fold(c.company),
      germanSpelling(names),
      ...c.phones.flatMap((p, i) => phoneWords(p.value, parsed[i]!.key)),
      ...others,
    ]
      .filter(Boolean)
      .join(" | "),
  };
  return { columns, matches: [...matches.values()] };
}
