import { foldText } from "../search.js";
import type { ContactData } from "./types.js";

export type NameParts = Pick<ContactData, "first_name" | "last_name" | "company">;

/** A name's words, folded (case and accents off), punctuation taken for spaces. */
function words(...parts: (string | null | undefined)[]): string[] {
  return foldText(parts.filter(Boolean).join(" "))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const within = (small: string[], large: string[]) => small.every((w) => large.includes(w));

/**
 * Whether two contacts that share a phone or an e-mail may be one person, by their names: the person's
 * names folded, one's words all among the other's ('John' and 'John Smith' agree; 'Bob Smith' and 'John
 * Smith' do not). A missing name on either side agrees. Without a person's name on either side, their
 * companies are compared the same way (a company's card).
 */
export function namesAgree(a: NameParts, b: NameParts): boolean {
  const left = words(a.first_name, a.last_name);
  const right = words(b.first_name, b.last_name);
  if (left.length && right.length) return within(left, right) || within(right, left);
  if (left.length || right.length) return true;
  const leftCompany = words(a.company);
  const rightCompany = words(b.company);
  if (!leftCompany.length || !rightCompany.length) return true;
  return within(leftCompany, rightCompany) || within(rightCompany, leftCompany);
}
