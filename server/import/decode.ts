import { isUtf8 } from "node:buffer";
import iconv from "iconv-lite";
import type { ImportEncoding } from "../../shared/import-encodings.js";
import { guessLegacyEncodingSteps } from "./encoding-guess.js";
import { PAUSE, STEP_BYTES, type Steps, atOnce } from "../cards/pacing.js";

const BINARY_SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // zip, xlsx, docx
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0xd0, 0xcf, 0x11, 0xe0], // old Office (xls)
];

/** Whether the bytes are a known binary format, or text at all (UTF-16 aside, text holds no NUL). */
export function looksBinary(bytes: Uint8Array): boolean {
  if (BINARY_SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b))) return true;
  if (utf16(bytes)) return false;
  const sample = bytes.subarray(0, 8192);
  return sample.includes(0);
}

/**
 * UTF-16 by its byte-order mark or, without one (some Windows tools write none), by the zero high bytes
 * of its Latin text: nearly every second byte zero, on one side only.
 */
function utf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const pairs = Math.floor(Math.min(bytes.length, 8192) / 2);
  if (pairs < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenZeros++;
    if (bytes[2 * i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.6 && evenZeros === 0) return "utf-16le";
  if (evenZeros >= pairs * 0.6 && oddZeros === 0) return "utf-16be";
  return null;
}

/**
 * The file's text encoding: a byte-order mark when there is one, else UTF-8 when the bytes are valid
 * UTF-8, else the most plausible legacy encoding (server/import/encoding-guess.ts), ties going to
 * `preferred` (the code page of the uploader's language).
 */
export const detectEncoding = (bytes: Uint8Array, preferred?: ImportEncoding): ImportEncoding =>
  atOnce(detectEncodingSteps(bytes, preferred));

/** detectEncoding in steps (server/cards/pacing.ts). */
export function* detectEncodingSteps(bytes: Uint8Array, preferred?: ImportEncoding): Steps<ImportEncoding> {
  const wide = utf16(bytes);
  if (wide) return wide;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  // Checked without decoding: a 10 MB file would otherwise become a 20 MB string only to be thrown away.
  if (isUtf8(bytes) || (yield* mostlyUtf8(bytes))) return "utf-8";
  return yield* guessLegacyEncodingSteps(bytes, preferred);
}

/**
 * A UTF-8 file with a few stray bytes (two exports pasted together, a name typed in another program):
 * read as UTF-8, one character lost, rather than every accent of it turned into two letters. Legacy
 * text seldom forms a valid UTF-8 sequence by chance, let alone four for each byte that fails.
 */
function* mostlyUtf8(bytes: Uint8Array): Steps<boolean> {
  let valid = 0;
  let invalid = 0;
  let pauseAt = STEP_BYTES;
  for (let i = 0; i < bytes.length; i++) {
    if (i >= pauseAt) {
      pauseAt += STEP_BYTES;
      yield PAUSE;
    }
    const lead = bytes[i]!;
    if (lead < 0x80) continue;
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    let ok = length > 0;
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += length - 1;
    } else invalid++;
  }
  return valid >= 4 * invalid;
}

/**
 * Bytes to text, a byte-order mark dropped. iconv-lite rather than TextDecoder: Node's TextDecoder reads
 * 'windows-1252' as Latin-1, so Outlook's curly apostrophes, dashes, euro signs and 'œ' (bytes 0x80-0x9F)
 * became invisible control characters.
 */
export const decodeText = (bytes: Uint8Array, encoding: ImportEncoding): string =>
  iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);

/** decodeText a step at a time, each piece passed through `clean` (which must work character by character). */
export function* decodeTextSteps(bytes: Uint8Array, encoding: ImportEncoding, clean = (text: string) => text): Steps<string> {
  const pieces: string[] = [];
  for (const piece of decodedPieces(bytes, encoding)) {
    pieces.push(clean(piece));
    yield PAUSE;
  }
  return pieces.join("");
}

/** The text as UTF-8 bytes, decoded and encoded a step at a time (a UTF-16 vCard file, read as bytes). */
export function* utf8Steps(bytes: Uint8Array, encoding: ImportEncoding): Steps<Buffer> {
  const pieces: Buffer[] = [];
  let carried = "";
  for (const piece of decodedPieces(bytes, encoding)) {
    let text = carried + piece;
    // A character outside the BMP cut between two pieces is encoded whole with the next.
    const last = text.charCodeAt(text.length - 1);
    carried = last >= 0xd800 && last <= 0xdbff ? text.slice(-1) : "";
    if (carried) text = text.slice(0, -1);
    pieces.push(Buffer.from(text, "utf8"));
    yield PAUSE;
  }
  pieces.push(Buffer.from(carried, "utf8"));
  return Buffer.concat(pieces);
}

function* decodedPieces(bytes: Uint8Array, encoding: ImportEncoding): Generator<string> {
  const decoder = iconv.getDecoder(encoding);
  for (let at = 0; at < bytes.length; at += STEP_BYTES) {
    const end = Math.min(bytes.length, at + STEP_BYTES);
    yield decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset + at, end - at));
  }
  yield decoder.end() ?? "";
}
