import iconv from "iconv-lite";
import jschardet from "jschardet";
import { IMPORT_ENCODINGS, type ImportEncoding } from "../../shared/import-encodings.js";
import { PAUSE, STEP_BYTES, type Steps } from "../cards/pacing.js";

/**
 * Which legacy encoding a file that is not UTF-8 is in. chardet and jschardet were measured on short
 * contact files (docs/decisions/010-import.md): with a name or two per language they named the wrong
 * code page for most Central European, Turkish, Korean and Chinese files, and even Windows-1252 files
 * of Spanish names came out as Windows-1250. Names are too short for their letter statistics.
 *
 * So the file is decoded in each candidate and the reading with the fewest implausible characters
 * wins: bytes the encoding does not define, symbols inside words (Polish 'Łódź' read as Windows-1252
 * is '£ódŸ'), letters of two alphabets in one word, and runs of accented letters no language writes
 * ('Иван' read as Windows-1252 is 'Èâàí'). Readings that tie (Czech 'Dvořák' is 'Dvoøák' in
 * Windows-1252, just as plausible to a program) go to the code page of the uploader's language, which
 * is what Excel saves a CSV in on their computer, then to Windows-1252, then to jschardet's ranking
 * (its letter statistics tell Greek from Cyrillic and Korean from Japanese where both read cleanly);
 * the preview shows the result and lets the person choose another.
 */
const CANDIDATES: ImportEncoding[] = [
  ...IMPORT_ENCODINGS.filter((encoding) => !encoding.startsWith("utf-")),
  // Last: UTF-8 with more stray bytes than detectEncoding lets pass may still read best as UTF-8.
  "utf-8",
];

// The ANSI code page Windows uses for a language (what Excel writes a CSV in), by language subtag.
const CODE_PAGES: [ImportEncoding, string[]][] = [
  ["windows-1250", ["pl", "cs", "sk", "hu", "hr", "sl", "ro", "bs", "sq"]],
  ["windows-1251", ["ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tt"]],
  ["windows-1253", ["el"]],
  ["windows-1254", ["tr", "az"]],
  ["windows-1255", ["he", "yi"]],
  ["windows-1256", ["ar", "fa", "ur"]],
  ["windows-1257", ["lt", "lv", "et"]],
  ["windows-1258", ["vi"]],
  ["shift_jis", ["ja"]],
  ["euc-kr", ["ko"]],
  ["gb18030", ["zh"]],
];
const CODE_PAGE_OF = new Map(CODE_PAGES.flatMap(([page, languages]) => languages.map((language) => [language, page] as const)));

/**
 * The legacy code page of the first language in an Accept-Language header that has one of its own
 * (Traditional Chinese: Big5; Serbian in Latin letters: Windows-1250); undefined for Western languages.
 */
export function codePageOfLanguages(acceptLanguage: string | undefined): ImportEncoding | undefined {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase();
    const [language = "", ...rest] = tag.split("-");
    if (language === "zh" && rest.some((s) => ["tw", "hk", "mo", "hant"].includes(s))) return "big5";
    if (language === "sr" && rest.includes("latn")) return "windows-1250";
    const page = CODE_PAGE_OF.get(language);
    if (page) return page;
    if (/^[a-z]{2,3}$/.test(language)) return undefined;
  }
  return undefined;
}

/** At most this much of the file is compared: its lines that hold any byte above ASCII. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The lines of the file that are not plain ASCII (the rest decode alike in every candidate), 64 KB of
 * them at most. A line longer than what is left (a file of CR line ends is one line to LF) is cut at a
 * byte below 0x40, which no multibyte encoding uses inside a character.
 */
function* sampleOf(bytes: Uint8Array): Steps<Buffer> {
  const lines: Uint8Array[] = [];
  let size = 0;
  let start = 0;
  let pauseAt = STEP_BYTES;
  while (start < bytes.length && size < SAMPLE_BYTES) {
    // A file of ASCII lines with a few accents far down is looked through to the end.
    if (start >= pauseAt) {
      pauseAt += STEP_BYTES;
      yield PAUSE;
    }
    const limit = Math.min(bytes.length, start + SAMPLE_BYTES - size);
    let end = start;
    let high = false;
    for (; end < limit && bytes[end] !== 0x0a && bytes[end] !== 0x0d; end++) if (bytes[end]! >= 0x80) high = true;
    if (end < limit) end++;
    else if (end < bytes.length) {
      while (end > start && bytes[end - 1]! >= 0x40) end--;
      if (end === start) break;
    }
    if (high) {
      lines.push(bytes.subarray(start, end));
      size += end - start;
    }
    start = end;
  }
  return Buffer.concat(lines);
}

const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
// Symbols and the superscripts and fractions that stand for letters when a code page is misread.
const SYMBOL = /[\p{S}\p{No}]/u;
const UNDEFINED = /[\uFFFD\u0080-\u009F\uE000-\uF8FF]/u;

type Script = "latin" | "greek" | "cyrillic" | "hebrew" | "arabic" | "thai" | "cjk" | "other";
const SCRIPTS: [Script, RegExp][] = [
  ["latin", /\p{Script=Latin}/u],
  ["greek", /\p{Script=Greek}/u],
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["hebrew", /\p{Script=Hebrew}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["thai", /\p{Script=Thai}/u],
  ["cjk", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]/u],
];
const scriptOf = (ch: string): Script => SCRIPTS.find(([, pattern]) => pattern.test(ch))?.[0] ?? "other";

const SPACE = /\s/u;

/** How implausible a decoded text is as names, addresses and notes (0 for text as people write it). */
export function implausibility(text: string): number {
  let score = 0;
  // Accented Latin letters, punctuation and symbols in a row: 'Müßig' has two, a misread 'Иван' ('Èâàí')
  // and a misread '名無し' ('–¼–³‚µ') many more.
  let oddRun = 0;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch < "\u0080" || SPACE.test(ch)) {
      oddRun = 0;
      continue;
    }
    if (UNDEFINED.test(ch)) {
      score += 20;
      oddRun = 0;
      continue;
    }
    const before = chars[i - 1] ?? " ";
    const after = chars[i + 1] ?? " ";
    if (MARK.test(ch)) {
      // A combining accent or vowel point sits on a letter, of its own script when it has one.
      const own = scriptOf(ch);
      if (!MARK.test(before) && (!LETTER.test(before) || (own !== "other" && scriptOf(before) !== own))) score += 3;
      continue;
    }
    const script = LETTER.test(ch) ? scriptOf(ch) : "other";
    if (script === "latin" || script === "other") {
      oddRun++;
      if (oddRun === 3) score += 3;
    } else oddRun = 0;
    if (SYMBOL.test(ch)) {
      if (LETTER.test(before) || LETTER.test(after)) score += 3;
      continue;
    }
    if (!LETTER.test(ch)) continue;
    // Japanese and Chinese write Latin company names next to their own ('NTTドコモ'); alphabets do not mix.
    for (const near of [before, after])
      if (LETTER.test(near) && script !== "cjk") {
        const other = scriptOf(near);
        if (other !== script && other !== "cjk") score += 5;
      }
    if (UPPER.test(ch) && LOWER.test(before)) score += 2;
  }
  return score;
}

// jschardet's names of the encodings above (and of their ISO twins, which share their letters).
const JSCHARDET_NAMES: Record<string, ImportEncoding> = {
  "windows-1252": "windows-1252",
  "iso-8859-1": "windows-1252",
  "iso-8859-15": "windows-1252",
  "windows-1250": "windows-1250",
  "iso-8859-2": "windows-1250",
  "windows-1251": "windows-1251",
  "iso-8859-5": "windows-1251",
  maccyrillic: "windows-1251",
  "koi8-r": "koi8-r",
  "windows-1253": "windows-1253",
  "iso-8859-7": "windows-1253",
  "windows-1254": "windows-1254",
  "iso-8859-9": "windows-1254",
  "windows-1255": "windows-1255",
  "iso-8859-8": "windows-1255",
  "windows-1256": "windows-1256",
  "windows-1257": "windows-1257",
  "iso-8859-13": "windows-1257",
  "windows-1258": "windows-1258",
  macroman: "macintosh",
  shift_jis: "shift_jis",
  cp932: "shift_jis",
  "euc-jp": "euc-jp",
  gb2312: "gb18030",
  gb18030: "gb18030",
  big5: "big5",
  "euc-kr": "euc-kr",
  cp949: "euc-kr",
};

/** The most plausible reading of bytes that are not UTF-8 (see the top of this file), in steps: the sample, then one candidate at a time (server/cards/pacing.ts). */
export function* guessLegacyEncodingSteps(bytes: Uint8Array, preferred?: ImportEncoding): Steps<ImportEncoding> {
  const sample = yield* sampleOf(bytes);
  const scores = new Map<ImportEncoding, number>();
  for (const candidate of CANDIDATES) {
    yield PAUSE;
    scores.set(candidate, implausibility(iconv.decode(sample, candidate)));
  }
  const least = Math.min(...scores.values());
  const tied = new Set(CANDIDATES.filter((candidate) => scores.get(candidate) === least));
  if (preferred && tied.has(preferred)) return preferred;
  if (tied.has("windows-1252")) return "windows-1252";
  if (tied.size === 1) return tied.values().next().value!;
  yield PAUSE;
  for (const { encoding } of jschardet.detectAll(sample)) {
    const named = JSCHARDET_NAMES[(encoding ?? "").toLowerCase()];
    if (named && tied.has(named)) return named;
  }
  return tied.values().next().value!;
}
