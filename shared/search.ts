import { foldText, isPhoneLike, searchWords } from "./search-words.js";
import { type CountryCode, FALLBACK_COUNTRY, normalizePhone } from "./phone.js";

export { foldText };

const GERMAN: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue" };

/** The German spelling of umlauts ("müller" -> "mueller"), or null when the text has none. */
export function germanSpelling(value: string): string | null {
  const lower = value.toLowerCase().normalize("NFC");
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
  if (isPhoneLike(trimmed)) {
    const digits = normalizePhone(trimmed, country);
    return digits ? [digits] : [];
  }
  return searchWords(trimmed);
}
