import { foldText } from "../search.js";
import type { ContactData } from "./types.js";

export type NameParts = Pick<ContactData, "first_name" | "last_name" | "company">;

/** A name's words, folded (case and accents off), punctuation taken for spaces. */
function words(...parts: (string | null | undefined)[]): string {
  return foldText(parts.filter(Boolean).join(" "))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

/**
 * A contact's names as namesAgree reads them, as one short text ('john smith|acme': the person's words,
 * then the company's), made once per contact: an import compares each with many, and keeps those of
 * every contact it meets.
 */
export const nameKey = (c: NameParts): string => `${words(c.first_name, c.last_name)}|${words(c.company)}`;

/** Every word of `small` is a word of `large` (both nameKey parts); most pairs differ at the first word. */
function within(small: string, large: string): boolean {
  const padded = ` ${large} `;
  for (let start = 0; start <= small.length;) {
    const space = small.indexOf(" ", start);
    const end = space < 0 ? small.length : space;
    if (!padded.includes(` ${small.slice(start, end)} `)) return false;
    start = end + 1;
  }
  return true;
}
const oneWithinOther = (a: string, b: string) => within(a, b) || within(b, a);

const parts = (key: string): [string, string] => {
  const bar = key.indexOf("|");
  return bar < 0 ? [key, ""] : [key.slice(0, bar), key.slice(bar + 1)];
};

/**
 * Whether two contacts that share a phone or an e-mail may be one person, by their names (nameKey): the
 * person's names folded, one's words all among the other's ('John' and 'John Smith' agree; 'Bob Smith'
 * and 'John Smith' do not). A missing name on either side agrees. Without a person's name on either
 * side, their companies are compared the same way (a company's card).
 */
export function keysAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const [aPerson, aCompany] = parts(a);
  const [bPerson, bCompany] = parts(b);
  if (aPerson && bPerson) return oneWithinOther(aPerson, bPerson);
  if (aPerson || bPerson) return true;
  if (!aCompany || !bCompany) return true;
  return oneWithinOther(aCompany, bCompany);
}

/** keysAgree of two contacts' names. */
export const namesAgree = (a: NameParts, b: NameParts): boolean => keysAgree(nameKey(a), nameKey(b));
