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

const within = (small: string[], large: string[]) => small.every((w) => large.includes(w));
const oneWithinOther = (a: string, b: string) => {
  const [x, y] = [a.split(" "), b.split(" ")];
  return within(x, y) || within(y, x);
};

/**
 * Whether two contacts that share a phone or an e-mail may be one person, by their names (nameKey): the
 * person's names folded, one's words all among the other's ('John' and 'John Smith' agree; 'Bob Smith'
 * and 'John Smith' do not). A missing name on either side agrees. Without a person's name on either
 * side, their companies are compared the same way (a company's card).
 */
export function keysAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const [aPerson = "", aCompany = ""] = a.split("|");
  const [bPerson = "", bCompany = ""] = b.split("|");
  if (aPerson && bPerson) return oneWithinOther(aPerson, bPerson);
  if (aPerson || bPerson) return true;
  if (!aCompany || !bCompany) return true;
  return oneWithinOther(aCompany, bCompany);
}

/** keysAgree of two contacts' names. */
export const namesAgree = (a: NameParts, b: NameParts): boolean => keysAgree(nameKey(a), nameKey(b));
