import { foldText } from "../search.js";
import type { ContactData } from "./types.js";

export type NameParts = Pick<ContactData, "first_name" | "last_name" | "company">;

/** A contact's names as the comparison reads them: folded words of the person's name and of the company. */
export interface NameWords {
  person: string[];
  company: string[];
}

/** A name's words, folded (case and accents off), punctuation taken for spaces. */
function words(...parts: (string | null | undefined)[]): string[] {
  return foldText(parts.filter(Boolean).join(" "))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words namesAgree compares, once per contact (an import compares each with many). */
export const nameWords = (c: NameParts): NameWords => ({ person: words(c.first_name, c.last_name), company: words(c.company) });

const within = (small: string[], large: string[]) => small.every((w) => large.includes(w));
const oneWithinOther = (a: string[], b: string[]) => within(a, b) || within(b, a);

/**
 * Whether two contacts that share a phone or an e-mail may be one person, by their names: the person's
 * names folded, one's words all among the other's ('John' and 'John Smith' agree; 'Bob Smith' and 'John
 * Smith' do not). A missing name on either side agrees. Without a person's name on either side, their
 * companies are compared the same way (a company's card).
 */
export function wordsAgree(a: NameWords, b: NameWords): boolean {
  if (a.person.length && b.person.length) return oneWithinOther(a.person, b.person);
  if (a.person.length || b.person.length) return true;
  if (!a.company.length || !b.company.length) return true;
  return oneWithinOther(a.company, b.company);
}

/** wordsAgree of two contacts' names. */
export const namesAgree = (a: NameParts, b: NameParts): boolean => wordsAgree(nameWords(a), nameWords(b));
