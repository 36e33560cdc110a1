import type { ContactExtra } from "../../shared/contact-fields.js";
import { components, splitOutsideQuotes, unescapeText } from "./read.js";

// The lines of a card the app has no field for ("extras", kept in contacts.vcard_extra and written
// back to every device and into vCard exports). They are kept only when harmless: a script or a data
// URI that is no image, and any URI where a photo, logo, sound or key belongs (nothing is ever
// fetched), are dropped; control characters go; their number and size are capped. The same rule runs
// when a card is stored and when one is written, so lines stored before it existed are written clean.

/** Most extra lines kept per contact (a phone's card carries a few dozen at most). */
export const EXTRA_LINES_MAX = 100;
/** Longest extra line of text kept, in characters. */
export const EXTRA_LINE_MAX = 10_000;
/** Longest embedded photo or logo kept, in characters of base64 (about 750 KB of image). */
export const EXTRA_IMAGE_MAX = 1_000_000;
/** Most characters of extra lines kept per contact, all lines together. */
export const EXTRAS_TOTAL_MAX = 1_100_000;

/** Properties whose value is a URI or binary data rather than text. */
const MEDIA = new Set(["PHOTO", "LOGO", "SOUND", "KEY"]);
const IMAGES = new Set(["PHOTO", "LOGO"]);
const NAME = /^[A-Za-z0-9-]+$/;
/** Control characters but tab (C0, DEL, C1): a stored line is one line of text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
/** What a browser ignores inside a URL's scheme, and vCard escapes: skipped before the scheme is read. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_NOISE = /[\s\u0000-\u001f\u007f-\u009f\\]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const SCRIPT_SCHEMES = new Set(["javascript", "vbscript"]);
/** A data URI's start: its media type (or none), then its parameters or data. */
const DATA_URI = /^data:([a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)?[;,]/;
/** Images a device shows; SVG is left out, since it can carry script. */
const IMAGE_DATA = /^image\/(jpeg|jpg|png|gif|webp|heic|heif|bmp|tiff)\b/;

export interface ExtraLine {
  /** `item1` of `item1.URL`, as written. */
  group: string | null;
  /** Upper case. */
  name: string;
  /** Upper-cased parameter names; values as written (quotes removed), split on commas. */
  params: Map<string, string[]>;
  /** The value, still with vCard escapes. */
  value: string;
  raw: string;
}

/** One property line (unfolded): its group, name, parameters and value; null when it is not one. */
export function parseExtraLine(raw: string): ExtraLine | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '"') quoted = !quoted;
    else if (raw[i] === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon <= 0) return null;
  const [qualified = "", ...rawParams] = splitOutsideQuotes(raw.slice(0, colon), ";");
  const dot = qualified.lastIndexOf(".");
  const name = qualified.slice(dot + 1);
  if (!NAME.test(name)) return null;
  const params = new Map<string, string[]>();
  for (const param of rawParams) {
    const equals = param.indexOf("=");
    const key = (equals < 0 ? "TYPE" : param.slice(0, equals)).trim().toUpperCase();
    const values = splitOutsideQuotes(equals < 0 ? param : param.slice(equals + 1), ",").map((v) => v.trim().replace(/^"|"$/g, ""));
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { group: dot > 0 ? qualified.slice(0, dot) : null, name: name.toUpperCase(), params, value: raw.slice(colon + 1), raw };
}

/** The first characters of a value as a browser reads a URL (noise skipped, lower case): a photo is not copied whole. */
function headOf(text: string): string {
  let head = "";
  for (let i = 0; i < text.length && head.length < 100; i++) if (!URL_NOISE.test(text[i]!)) head += text[i];
  return head.toLowerCase();
}
const schemeOf = (text: string) => SCHEME.exec(headOf(text))?.[1];
/** The media type of a data URI ("" when it names none); undefined when the value is no data URI. */
const dataTypeOf = (text: string) => {
  const match = DATA_URI.exec(headOf(text));
  return match ? (match[1] ?? "") : undefined;
};
const isEmbedded = (line: ExtraLine) =>
  (line.params.get("ENCODING") ?? []).some((e) => /^(b|base64)$/i.test(e)) || dataTypeOf(line.value) !== undefined;

/** Whether a line may be kept, and written to devices and exports. */
function harmless(line: ExtraLine): boolean {
  const values = [line.value, ...[...line.params.values()].flat()];
  if (values.some((v) => SCRIPT_SCHEMES.has(schemeOf(v) ?? ""))) return false;
  const dataType = dataTypeOf(line.value);
  if (dataType !== undefined) return IMAGES.has(line.name) && IMAGE_DATA.test(dataType);
  if (values.slice(1).some((v) => dataTypeOf(v) !== undefined)) return false;
  // Where media belongs, a URI points elsewhere (http, ftp, file, cid...): never fetched, never kept.
  if (MEDIA.has(line.name) && schemeOf(line.value) !== undefined && !isEmbedded(line)) return false;
  const max = IMAGES.has(line.name) && isEmbedded(line) ? EXTRA_IMAGE_MAX : EXTRA_LINE_MAX;
  return line.raw.length <= max;
}

/** The lines of `raws` that may be kept, cleaned of control characters, within the caps. */
export function keptExtraLines(raws: readonly string[]): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const raw of raws) {
    if (kept.length >= EXTRA_LINES_MAX) break;
    const line = parseExtraLine(raw.replace(CONTROL, ""));
    if (!line || !harmless(line) || total + line.raw.length > EXTRAS_TOTAL_MAX) continue;
    kept.push(line.raw);
    total += line.raw.length;
  }
  return kept;
}

/** The lines to write into a card, from what is stored (older rows pass the same rule). */
export const extraLinesOf = (stored: string | null | undefined): string[] => (stored ? keptExtraLines(stored.split("\n")) : []);

const STRUCTURED = new Set(["ADR", "N", "ORG"]);
/** Parameters that say how the value is written, not what it is. */
const ENCODING_PARAMS = new Set(["ENCODING", "VALUE", "CHARSET"]);

function readableValue(line: ExtraLine): string {
  if (isEmbedded(line)) {
    const kilobytes = Math.max(1, Math.round((line.value.length * 3) / 4 / 1024));
    return `(embedded ${IMAGES.has(line.name) ? "image" : "data"}, ${kilobytes} KB)`;
  }
  if (STRUCTURED.has(line.name))
    return components(line.value)
      .map((c) => c.trim())
      .filter(Boolean)
      .join(", ");
  return unescapeText(line.value);
}

/**
 * The stored extras as the detail view lists them. Apple's `itemN.X-ABLabel` line is shown as the
 * LABEL of the line it names (`_$!<Anniversary>!$_` as "Anniversary"), not as a line of its own.
 */
export function presentExtras(stored: string | null | undefined): ContactExtra[] {
  const lines = extraLinesOf(stored)
    .map(parseExtraLine)
    .filter((l): l is ExtraLine => l !== null);
  const labels = new Map<string, string>();
  for (const line of lines) {
    if (line.name === "X-ABLABEL" && line.group)
      labels.set(line.group.toLowerCase(), unescapeText(line.value).replace(/^_\$!<|>!\$_$/g, ""));
  }
  return lines
    .filter(
      (line) =>
        !(line.name === "X-ABLABEL" && line.group && lines.some((l) => l !== line && l.group?.toLowerCase() === line.group?.toLowerCase())),
    )
    .map((line) => {
      const params: Record<string, string> = {};
      for (const [key, values] of line.params) if (!ENCODING_PARAMS.has(key)) params[key] = values.join(",");
      const label = line.group ? labels.get(line.group.toLowerCase()) : undefined;
      if (label && line.name !== "X-ABLABEL") params.LABEL = label;
      return { name: line.name, params, value: readableValue(line) };
    });
}
