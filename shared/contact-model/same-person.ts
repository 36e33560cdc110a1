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

/** Whether the word `key[from, to)` is one of the words of `key[lFrom, lTo)` (single spaces between). */
function hasWord(key: string, from: number, to: number, other: string, lFrom: number, lTo: number): boolean {
  const length = to - from;
  for (let start = lFrom; start <= lTo;) {
    let end = other.indexOf(" ", start);
    if (end < 0 || end > lTo) end = lTo;
    if (end - start === length) {
      let i = 0;
      while (i < length && other.charCodeAt(start + i) === key.charCodeAt(from + i)) i++;
      if (i === length) return true;
    }
    start = end + 1;
  }
  return false;
}

/**
 * Every word of `small[sFrom, sTo)` is a word of `large[lFrom, lTo)` (parts of nameKeys). Read in place:
 * an import compares each row with every holder of its numbers (an office line's twenty), and most pairs
 * differ at the first word.
 */
function within(small: string, sFrom: number, sTo: number, large: string, lFrom: number, lTo: number): boolean {
  for (let start = sFrom; start <= sTo;) {
    let end = small.indexOf(" ", start);
    if (end < 0 || end > sTo) end = sTo;
    if (!hasWord(small, start, end, large, lFrom, lTo)) return false;
    start = end + 1;
  }
  return true;
}

/**
 * Whether two contacts that share a phone or an e-mail may be one person, by their names (nameKey): the
 * person's names folded, one's words all among the other's ('John' and 'John Smith' agree; 'Bob Smith'
 * and 'John Smith' do not). A missing name on either side agrees. Without a person's name on either
 * side, their companies are compared the same way (a company's card).
 */
export function keysAgree(a: string, b: string): boolean {
  if (a === b) return true;
  let aBar = a.indexOf("|");
  if (aBar < 0) aBar = a.length;
  let bBar = b.indexOf("|");
  if (bBar < 0) bBar = b.length;
  const aPerson = aBar > 0;
  const bPerson = bBar > 0;
  if (aPerson && bPerson) return within(a, 0, aBar, b, 0, bBar) || within(b, 0, bBar, a, 0, aBar);
  if (aPerson || bPerson) return true;
  const aEnd = a.length;
  const bEnd = b.length;
  if (aBar + 1 >= aEnd || bBar + 1 >= bEnd) return true;
  return within(a, aBar + 1, aEnd, b, bBar + 1, bEnd) || within(b, bBar + 1, bEnd, a, aBar + 1, aEnd);
}

/**
 * The person's words of a nameKey as bits, one of 32 a word (by its hash): where neither side's bits are
 * all among the other's, neither side's words are all among the other's either, so mayAgree can rule out
 * a pair with two numbers. An import compares each row with every holder of its numbers (an office
 * line's twenty), and nearly all of them differ. 0 (no person's name) rules nothing out.
 */
export function personBits(key: string): number {
  let bar = key.indexOf("|");
  if (bar < 0) bar = key.length;
  let bits = 0;
  let hash = 0x811c9dc5;
  let length = 0;
  for (let i = 0; i <= bar; i++) {
    const code = i < bar ? key.charCodeAt(i) : 32;
    if (code !== 32) {
      hash = Math.imul(hash ^ code, 0x01000193);
      length++;
    } else if (length > 0) {
      bits |= 1 << (hash >>> 27);
      hash = 0x811c9dc5;
      length = 0;
    }
  }
  return bits;
}

/** False only for names keysAgree finds different (by their personBits); true: keysAgree decides. */
export const mayAgree = (a: number, b: number): boolean => (a & ~b) === 0 || (b & ~a) === 0;

/** keysAgree of two contacts' names. */
export const namesAgree = (a: NameParts, b: NameParts): boolean => keysAgree(nameKey(a), nameKey(b));
