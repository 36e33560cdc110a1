import { TextDecoder } from "node:util";
import iconv from "iconv-lite";
import { VCARD_MAX_LINE_BYTES, VCARD_MAX_LINES, VCARD_MAX_NESTING } from "../../shared/import-limits.js";
import { withoutControlCharacters } from "../cards/control-characters.js";
import { lineTooLong, nestedTooDeep, tooManyLines } from "../cards/file-limits.js";
import { PAUSE, type Pause, type Steps, withoutPauses } from "../cards/pacing.js";
// A tolerant vCard reader (2.1, 3.0, 4.0) for files written by real products, many of them broken:
// folded lines, quoted-printable with soft line breaks, per-property CHARSET, bare 2.1 parameters,
// grouped properties, nested cards, missing END lines. See docs/decisions/009-import-formats.md. Every
// step is linear in what it reads, and a file past the limits of shared/import-limits.ts is refused.

export interface VCardProperty {
  /** `item1` of `item1.TEL`, lower-cased. */
  group: string | null;
  /** Upper-cased property name. */
  name: string;
  /** Upper-cased parameter names; values split on commas (3.0/4.0), as written otherwise. */
  params: Map<string, string[]>;
  /** The value as text (transfer encoding and charset undone), still with vCard escapes. */
  value: string;
  /** The whole property line, unfolded and decoded, as written: kept for properties the app has no field for. */
  raw: string;
}

export interface VCardCard {
  /** 1-based position of the card in the file (nested cards count where they begin). */
  number: number;
  properties: VCardProperty[];
  /** The card's lines as they were in the file (latin1 view), for failed-card reports. */
  lines: string[];
}

const BARE_ENCODINGS = new Set(["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]);
/** Properties whose base64 value is text (read), unlike PHOTO, LOGO, SOUND and KEY. */
const BASE64_TEXT = new Set(["N", "FN", "ORG", "NOTE", "ADR", "TEL", "EMAIL", "TITLE", "NICKNAME", "LABEL"]);
/** Binary properties whose base64 is kept as the value (the photo is read into the contact); others are skipped. */
const BASE64_KEPT = new Set(["PHOTO"]);

/** The lines of a string, one at a time (a 10 MB file is never split into an array of lines). */
class Lines {
  private at = 0;
  // Where the next CR and LF are (-1: none left), found again only once passed, so that a file of one
  // kind of line break is not searched to its end for the other at every line.
  private cr = -2;
  private lf = -2;
  private nextLine: string | null;
  private nextNumber = 0;
  /** The 1-based number of the line `next()` returned last. */
  number = 0;
  constructor(private readonly text: string) {
    this.nextLine = this.read();
  }
  private read(): string | null {
    const { text, at } = this;
    if (at >= text.length) return null;
    if (this.cr !== -1 && this.cr < at) this.cr = text.indexOf("\r", at);
    if (this.lf !== -1 && this.lf < at) this.lf = text.indexOf("\n", at);
    const end = this.cr === -1 ? (this.lf === -1 ? text.length : this.lf) : this.lf === -1 ? this.cr : Math.min(this.cr, this.lf);
    // CR CR LF is one line break too: a CRLF file written again in a text mode (the ez-vcard iPhone sample),
    // whose folded photo would otherwise end at its first line.
    let step = 1;
    if (end === this.cr) step = this.lf === end + 1 ? 2 : this.lf === end + 2 && text.charCodeAt(end + 1) === 13 ? 3 : 1;
    this.at = end + step;
    this.nextNumber++;
    return text.slice(at, end);
  }
  peek(): string | null {
    return this.nextLine;
  }
  next(): string | null {
    const line = this.nextLine;
    this.number = this.nextNumber;
    this.nextLine = this.read();
    return line;
  }
}

/** A property as written: its lines in the file, and the one line they make once joined. */
interface Unfolded {
  text: string;
  written: string[];
  /** The file's line it begins on. */
  number: number;
}

/** Lines joined into one property between pauses. */
const STEP_LINES = 4096;

/**
 * The file's properties, each once its folded lines (a leading space or tab) or its quoted-printable
 * soft line breaks (a value ending in '=' goes on with the next line, verbatim) are joined, with PAUSE
 * while a long one is joined. The parts are gathered and joined once: joining them one by one copied the
 * line so far at each, and 500,000 soft breaks took minutes. A line over VCARD_MAX_LINE_BYTES is refused.
 */
function* unfolded(raw: string): Generator<Unfolded | Pause> {
  const lines = new Lines(raw);
  for (let line = lines.next(); line !== null; line = lines.next()) {
    // Blank and stray lines yield nothing, and a file can be millions of them.
    if (lines.number % STEP_LINES === 0) yield PAUSE;
    if (line.length > VCARD_MAX_LINE_BYTES) throw lineTooLong(lines.number);
    if (line.trim() === "") continue;
    // A folded continuation of the previous property was already consumed below; a stray one is skipped.
    if (line[0] === " " || line[0] === "\t") continue;
    const number = lines.number;
    const written = [line];
    const parts = [line];
    let length = line.length;
    if (splitHeader(line)?.encoding === "QUOTED-PRINTABLE") {
      // Each soft break takes the '=' off the end of the line so far: the last part that is not empty.
      const filled = [0];
      while (filled.length > 0 && parts[filled.at(-1)!]!.endsWith("=") && lines.peek() !== null) {
        const last = filled.at(-1)!;
        parts[last] = parts[last]!.slice(0, -1);
        if (parts[last] === "") filled.pop();
        const more = lines.next()!;
        if (more !== "") filled.push(parts.length);
        written.push(more);
        parts.push(more);
        length += more.length - 1;
        if (length > VCARD_MAX_LINE_BYTES) throw lineTooLong(number);
        if (parts.length % STEP_LINES === 0) yield PAUSE;
      }
    } else {
      for (let more = lines.peek(); more !== null && (more[0] === " " || more[0] === "\t"); more = lines.peek()) {
        written.push(lines.next()!);
        parts.push(more.slice(1));
        length += more.length - 1;
        if (length > VCARD_MAX_LINE_BYTES) throw lineTooLong(number);
        if (parts.length % STEP_LINES === 0) yield PAUSE;
      }
    }
    yield { text: parts.length === 1 ? line : parts.join(""), written, number };
  }
}

/** Characters of a file read between pauses. */
const STEP_CHARS = 64 * 1024;

/**
 * The cards of a file in steps (server/cards/pacing.ts): each card when it ends (a nested card before
 * the card around it; cards left open at the end of the file last), PAUSE in between. Without `charset`
 * the properties are not read, only the file's shape (how many cards, each within the limits).
 */
export function* vcardSteps(raw: string, charset?: string): Generator<VCardCard | Pause> {
  const open: { card: VCardCard; lines: number }[] = [];
  let number = 0;
  let read = 0;
  for (const step of unfolded(raw)) {
    if (step === PAUSE) {
      yield PAUSE;
      continue;
    }
    const { text, written, number: lineNumber } = step;
    read += text.length;
    if (read >= STEP_CHARS) {
      read = 0;
      yield PAUSE;
    }
    const upper = text.slice(0, 11).toUpperCase();
    if (upper.startsWith("BEGIN:VCARD")) {
      if (open.length === VCARD_MAX_NESTING) throw nestedTooDeep(number + 1, lineNumber);
      open.push({ card: { number: ++number, properties: [], lines: charset === undefined ? [] : [text] }, lines: 0 });
      continue;
    }
    const current = open.at(-1);
    if (!current) continue; // text outside any card
    if (charset !== undefined) for (const line of written) current.card.lines.push(line);
    if (upper.startsWith("END:VCARD")) {
      yield open.pop()!.card;
      continue;
    }
    if (++current.lines > VCARD_MAX_LINES) throw tooManyLines(current.card.number);
    const property = charset === undefined ? null : parseProperty(text, charset);
    if (property) current.card.properties.push(property);
  }
  for (const { card } of open) yield card;
}

/**
 * Reads the cards of a file one at a time, each when it ends (a nested card before the card around
 * it; cards left open at the end of the file last). `raw` is the file's bytes as a latin1 string (one
 * char per byte), so each property can be decoded with its own CHARSET; `fallbackCharset` is the
 * file's detected encoding.
 */
export const vcardsOf = (raw: string, fallbackCharset: string): Generator<VCardCard> => withoutPauses(vcardSteps(raw, fallbackCharset));

/** How many cards a file holds, in steps; a file past a limit of shared/import-limits.ts is refused. */
export function* countVCards(raw: string): Steps<number> {
  let cards = 0;
  for (const step of vcardSteps(raw)) {
    if (step === PAUSE) yield PAUSE;
    else cards++;
  }
  return cards;
}

/** Every card of a file, in the order they begin. */
export const readVCards = (raw: string, fallbackCharset: string): VCardCard[] =>
  [...vcardsOf(raw, fallbackCharset)].sort((a, b) => a.number - b.number);

interface Header {
  nameEnd: number;
  colon: number;
  encoding: string | null;
}

/** Where the name ends and the value starts (the first colon outside a quoted parameter). */
function splitHeader(line: string): Header | null {
  let quoted = false;
  let nameEnd = -1;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ";" && nameEnd < 0) nameEnd = i;
    else if (!quoted && ch === ":") {
      const paramsText = nameEnd < 0 ? "" : line.slice(nameEnd, i).toUpperCase();
      const encoding = /(?:^|;)(?:ENCODING=)?QUOTED-PRINTABLE(?:;|$)/.test(paramsText) ? "QUOTED-PRINTABLE" : null;
      return { nameEnd: nameEnd < 0 ? i : nameEnd, colon: i, encoding };
    }
  }
  return null;
}

/**
 * One line as the app stored it (an extra line: unfolded, already text) read as a property, whatever
 * CHARSET it names: its text was decoded when the card first came in.
 */
export const parseStoredLine = (line: string): VCardProperty | null =>
  parseProperty(Buffer.from(line, "utf8").toString("latin1"), "utf-8", "utf-8");

function parseProperty(line: string, fallbackCharset: string, forcedCharset?: string): VCardProperty | null {
  const header = splitHeader(line);
  if (!header) return null;
  const fullName = line.slice(0, header.nameEnd).trim();
  const dot = fullName.lastIndexOf(".");
  const group = dot > 0 ? fullName.slice(0, dot).toLowerCase() : null;
  const name = (dot > 0 ? fullName.slice(dot + 1) : fullName).toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;
  const params = parseParams(line.slice(header.nameEnd, header.colon));
  const charset = forcedCharset ?? params.get("CHARSET")?.[0] ?? fallbackCharset;
  const raw = withoutControlCharacters(decodeBytes(line, charset, fallbackCharset));
  let bytes = line.slice(header.colon + 1);
  const encoding = (params.get("ENCODING")?.[0] ?? "").toUpperCase();
  if (encoding === "QUOTED-PRINTABLE") bytes = decodeQuotedPrintable(bytes);
  else if (encoding === "BASE64" || encoding === "B") {
    // A photo's value is its base64 text (decoded where it is read); other binaries are kept out. A few
    // phones write names and notes in base64 too.
    if (BASE64_KEPT.has(name)) return { group, name, params, value: bytes.replace(/\s+/g, ""), raw };
    if (!BASE64_TEXT.has(name)) return { group, name, params, value: "", raw };
    bytes = Buffer.from(bytes.replace(/\s+/g, ""), "base64").toString("latin1");
  }
  return { group, name, params, value: withoutControlCharacters(decodeBytes(bytes, charset, fallbackCharset)), raw };
}

function parseParams(text: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const part of splitOutsideQuotes(text, ";")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    let key: string;
    let values: string[];
    if (eq < 0) {
      // vCard 2.1 bare parameter: TEL;CELL;HOME, or ;QUOTED-PRINTABLE.
      const bare = part.trim().toUpperCase();
      key = BARE_ENCODINGS.has(bare) ? "ENCODING" : "TYPE";
      values = [bare];
    } else {
      key = part.slice(0, eq).trim().toUpperCase();
      values = splitOutsideQuotes(part.slice(eq + 1), ",").map((v) => v.trim().replace(/^"|"$/g, ""));
    }
    // Gathered in place: a line of 500,000 bare parameters copied the list so far for each.
    const list = params.get(key);
    if (list) for (const value of values) list.push(value);
    else params.set(key, values);
  }
  return params;
}

/** Splits on `separator` outside double quotes. */
export function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const hexValue = (code: number) =>
  code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : code >= 97 && code <= 102 ? code - 87 : -1;

/**
 * Quoted-printable to bytes (still a latin1 string): `=XX` escapes, soft breaks already joined. Written
 * out rather than as a regular expression's replacement, which called a function per escape: a 1 MB
 * value of escapes took half a second.
 */
function decodeQuotedPrintable(text: string): string {
  if (!text.includes("=")) return text;
  const bytes = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 61) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = high < 0 ? -1 : hexValue(text.charCodeAt(i + 2));
      if (low >= 0) {
        bytes[length++] = high * 16 + low;
        i += 2;
        continue;
      }
    }
    bytes[length++] = code;
  }
  return bytes.toString("latin1", 0, length);
}

// A CHARSET of ISO-8859-1 (or ASCII) in practice holds Windows-1252, as browsers read it: Outlook and
// old phones label curly quotes and euro signs so.
const CHARSET_ALIASES: Record<string, string> = {
  "iso-8859-1": "windows-1252",
  latin1: "windows-1252",
  "us-ascii": "windows-1252",
  ascii: "windows-1252",
};

/** Bytes (a latin1 string) to text in `charset`; an unknown charset falls back to the file's encoding. */
function decodeBytes(bytes: string, charset: string, fallback: string): string {
  // Pure ASCII needs no decoding, and most values are.
  if (!/[\x80-\xff]/.test(bytes)) return bytes;
  const label = charset.trim().toLowerCase();
  const buffer = Buffer.from(bytes, "latin1");
  const named = CHARSET_ALIASES[label] ?? label;
  if (named === "utf-8" || named === "utf8") return buffer.toString("utf8");
  if (iconv.encodingExists(named)) return iconv.decode(buffer, named);
  try {
    // ISO-2022-JP, which iconv-lite lacks, from Japanese phones.
    return new TextDecoder(named).decode(buffer);
  } catch {
    return iconv.decode(buffer, CHARSET_ALIASES[fallback.toLowerCase()] ?? fallback);
  }
}

/** Splits a structured value (N, ADR, ORG) on unescaped semicolons and unescapes each component. */
export function components(value: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === "\\" && i + 1 < value.length) i++;
    else if (ch === ";") {
      parts.push(unescapeText(value.slice(start, i)));
      start = i + 1;
    }
  }
  parts.push(unescapeText(value.slice(start)));
  return parts;
}

/**
 * A structured value whose components are lists (N, ADR): split on unescaped semicolons, each component
 * on unescaped commas, each value unescaped (`Silicon Alley 5,` is one value and an empty one).
 */
export function componentLists(value: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let start = 0;
  for (let i = 0; i <= value.length; i++) {
    const ch = value[i];
    if (ch === "\\" && i + 1 < value.length) i++;
    else if (ch === "," || ch === ";" || i === value.length) {
      current.push(unescapeText(value.slice(start, i)));
      start = i + 1;
      if (ch !== ",") {
        out.push(current);
        current = [];
      }
    }
  }
  return out;
}

const ESCAPED = new Set(["n", "N", ",", ";", "\\", ":"]);

/** Undoes vCard text escapes: \n, \N, \, \; \\ (a lone backslash before anything else is kept). */
export function unescapeText(value: string): string {
  let at = value.indexOf("\\");
  if (at < 0) return value;
  const parts: string[] = [];
  let from = 0;
  for (; at >= 0 && at < value.length - 1; at = value.indexOf("\\", at)) {
    const ch = value[at + 1]!;
    if (!ESCAPED.has(ch)) {
      at++;
      continue;
    }
    parts.push(value.slice(from, at), ch === "n" || ch === "N" ? "\n" : ch);
    at += 2;
    from = at;
  }
  parts.push(value.slice(from));
  return parts.join("");
}
