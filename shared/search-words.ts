// Folding and word splitting apart from search.ts, which needs the phone library: the contact list
// searches its cached rows offline with them, and must not bring libphonenumber-js with it.

/** Letters NFD does not take apart, read as people type them without the key. */
const UNDECOMPOSED: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;

/** Lower case without accents: "García" -> "garcia", "Müller" -> "muller", "Straße" -> "strasse". */
export function foldText(value: string): string {
  // toLowerCase and not toLocaleLowerCase("en"): the same for every code point (no locale data tailors
  // English), and many times quicker. Plain ASCII (most names, e-mails, streets) has nothing to
  // decompose: lower case is all (an import folds every value of every row).
  if (!NOT_PLAIN_ASCII.test(value)) return value.toLowerCase();
  return value
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßøæœłđðþı]/g, (ch) => UNDECOMPOSED[ch] ?? ch);
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;
/** At most this many words are matched (each is one more index lookup). */
const MAX_SEARCH_WORDS = 6;

/** A search box entry that is a phone number ("+1 615 390 6319", "(615) 390-6319"): searched by its digits. */
export const isPhoneLike = (trimmed: string): boolean => PHONE_LIKE.test(trimmed) && /\d/.test(trimmed);

/** The words of a text entry, folded, each once, at most MAX_SEARCH_WORDS. */
export function searchWords(trimmed: string): string[] {
  const words = foldText(trimmed)
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
