import { type CountryCode, FALLBACK_COUNTRY, normalizePhone } from "./phone.js";

const PHONE_LIKE = /^[\d\s()+.-]+$/;
/** Letters NFD does not take apart, read as people type them without the key. */
const UNDECOMPOSED: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const GERMAN: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue" };
/** At most this many words are matched (each is one more index lookup). */
export const MAX_SEARCH_WORDS = 6;

const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;

/** Lower case without accents: "García" -> "garcia", "Müller" -> "muller", "Straße" -> "strasse". */
export function foldText(value: string): string {
  // Plain ASCII (most names, e-mails, streets) has nothing to decompose: lower case is all (an import
  // folds every value of every row).
  if (!NOT_PLAIN_ASCII.test(value)) return value.toLowerCase();
  return value
    .toLocaleLowerCase("en")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßøæœłđðþı]/g, (ch) => UNDECOMPOSED[ch] ?? ch);
}

/** The German spelling of umlauts ("müller" -> "mueller"), or null when the text has none. */
export function germanSpelling(value: string): string | null {
  const lower = value.toLocaleLowerCase("en").normalize("NFC");
  if (!/[äöü]/.test(lower)) return null;
  return foldText(lower.replace(/[äöü]/g, (ch) => GERMAN[ch] ?? ch));
}

/**
 * What a search box entry looks for: the words to find, each anywhere, in any order. A phone-like entry
 * is one word, the number's comparison key, so "+1 615 390 6319" finds "(615) 390-6319"; text is folded
 * like the stored search text.
 */
export function searchTerm(q: string, country: CountryCode = FALLBACK_COUNTRY): string[] {
  const trimmed = q.trim();
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) {
    const digits = normalizePhone(trimmed, country);
    return digits ? [digits] : [];
  }
  const words = foldText(trimmed)
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
