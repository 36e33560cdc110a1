import { TextDecoder } from "node:util";
import iconv from "iconv-lite";
import { withoutControlCharacters } from "../import/decode.js";
// A tolerant vCard reader (2.1, 3.0, 4.0) for files written by real products, many of them broken:
// folded lines, quoted-printable with soft line breaks, per-property CHARSET, bare 2.1 parameters,
// grouped properties, nested cards, missing END lines. See docs/decisions/009-import-formats.md.

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
/** Properties whose base64 value is text (read), unlike PHOTO, LOGO, SOUND and KEY (skipped). */
const BASE64_TEXT = new Set(["N", "FN", "ORG", "NOTE", "ADR", "TEL", "EMAIL", "TITLE", "NICKNAME", "LABEL"]);

/** The lines of a string, one at a time (a 10 MB file is never split into an array of lines). */
class Lines {
  private at = 0;
  private nextLine: string | null;
  constructor(private readonly text: string) {
    this.nextLine = this.read();
  }
  private read(): string | null {
    if (this.at >= this.text.length) return null;
    let end = this.at;
    while (end < this.text.length && this.text[end] !== "\n" && this.text[end] !== "\r") end++;
    const line = this.text.slice(this.at, end);
    this.at = end + (this.text[end] === "\r" && this.text[end + 1] === "\n" ? 2 : 1);
    return line;
  }
  peek(): string | null {
    return this.nextLine;
  }
  next(): string | null {
    const line = this.nextLine;
    this.nextLine = this.read();
    return line;
  }
}

/** How many cards a file holds (lines that begin one), without reading them. */
export const countVCards = (raw: string) => raw.match(/^BEGIN:VCARD/gim)?.length ?? 0;

/**
 * Reads the cards of a file one at a time, each when it ends (a nested card before the card around
 * it; cards left open at the end of the file last). `raw` is the file's bytes as a latin1 string (one
 * char per byte), so each property can be decoded with its own CHARSET; `fallbackCharset` is the
 * file's detected encoding.
 */
export function* vcardsOf(raw: string, fallbackCharset: string): Generator<VCardCard> {
  const lines = new Lines(raw);
  const open: VCardCard[] = [];
  let number = 0;
  for (let line = lines.next(); line !== null; line = lines.next()) {
    if (line.trim() === "") continue;
    // A folded continuation of the previous property was already consumed below; a stray one is skipped.
    if (line[0] === " " || line[0] === "\t") continue;
    const written = [line];
    const header = splitHeader(line);
    if (header && header.encoding === "QUOTED-PRINTABLE") {
      // 2.1 soft line breaks: a value ending in '=' goes on with the next line, verbatim.
      while (line.endsWith("=") && lines.peek() !== null) {
        const more = lines.next()!;
        written.push(more);
        line = line.slice(0, -1) + more;
      }
    } else {
      for (let more = lines.peek(); more !== null && (more[0] === " " || more[0] === "\t"); more = lines.peek()) {
        written.push(lines.next()!);
        line += more.slice(1);
      }
    }
    const upper = line.slice(0, 11).toUpperCase();
    if (upper.startsWith("BEGIN:VCARD")) {
      open.push({ number: ++number, properties: [], lines: [line] });
      continue;
    }
    const current = open.at(-1);
    if (!current) continue; // text outside any card
    current.lines.push(...written);
    if (upper.startsWith("END:VCARD")) {
      yield open.pop()!;
      continue;
    }
    const property = parseProperty(line, fallbackCharset);
    if (property) current.properties.push(property);
  }
  for (const card of open) yield card;
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

function parseProperty(line: string, fallbackCharset: string): VCardProperty | null {
  const header = splitHeader(line);
  if (!header) return null;
  const fullName = line.slice(0, header.nameEnd).trim();
  const dot = fullName.lastIndexOf(".");
  const group = dot > 0 ? fullName.slice(0, dot).toLowerCase() : null;
  const name = (dot > 0 ? fullName.slice(dot + 1) : fullName).toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) return null;
  const params = parseParams(line.slice(header.nameEnd, header.colon));
  const raw = withoutControlCharacters(decodeBytes(line, params.get("CHARSET")?.[0] ?? fallbackCharset, fallbackCharset));
  let bytes = line.slice(header.colon + 1);
  const encoding = (params.get("ENCODING")?.[0] ?? "").toUpperCase();
  if (encoding === "QUOTED-PRINTABLE") bytes = decodeQuotedPrintable(bytes);
  else if (encoding === "BASE64" || encoding === "B") {
    // Photos and other binaries are kept out; a few phones write names and notes in base64 too.
    if (!BASE64_TEXT.has(name)) return { group, name, params, value: "", raw };
    bytes = Buffer.from(bytes.replace(/\s+/g, ""), "base64").toString("latin1");
  }
  const charset = params.get("CHARSET")?.[0] ?? fallbackCharset;
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
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return params;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let current = "";
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** Quoted-printable to bytes (still a latin1 string): `=XX` escapes, soft breaks already joined. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
  let current = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === "\\" && i + 1 < value.length) {
      current += ch + value[++i];
    } else if (ch === ";") {
      parts.push(unescapeText(current));
      current = "";
    } else current += ch;
  }
  parts.push(unescapeText(current));
  return parts;
}

/** Undoes vCard text escapes: \n, \N, \, \; \\ (a lone backslash before anything else is kept). */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\:])/g, (_m, ch: string) => (ch === "n" || ch === "N" ? "\n" : ch));
}
