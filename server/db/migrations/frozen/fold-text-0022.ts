// A frozen copy of the text folding as shared/search.ts did it when migration 0022 was written: a
// migration must not change when the application code does.

/** Letters NFD does not take apart, read as people type them without the key. */
const UNDECOMPOSED: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const GERMAN: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue" };

/** Lower case without accents: "García" -> "garcia", "Müller" -> "muller", "Straße" -> "strasse". */
export function foldText(value: string): string {
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
