import { isUtf8 } from "node:buffer";
import { TextDecoder } from "node:util";
import chardet from "chardet";

export interface DecodedText {
  text: string;
  /** The encoding used, as a TextDecoder label. */
  encoding: string;
}

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
  if (utf16Bom(bytes)) return false;
  const sample = bytes.subarray(0, 8192);
  return sample.includes(0);
}

function utf16Bom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * The file's text encoding: a byte-order mark when there is one, else UTF-8 when the bytes are valid
 * UTF-8, else what chardet detects among the legacy encodings real exports use (Windows-1252 and
 * Latin-1 for Outlook and old Excel, Shift_JIS and EUC-JP for Japanese phones), Windows-1252 by default.
 */
export function detectEncoding(bytes: Uint8Array): string {
  const bom = utf16Bom(bytes);
  if (bom) return bom;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  // Checked without decoding: a 10 MB file would otherwise become a 20 MB string only to be thrown away.
  if (isUtf8(bytes)) return "utf-8";
  const guess = (chardet.detect(bytes) ?? "").toLowerCase();
  if (["shift_jis", "euc-jp", "iso-2022-jp", "big5", "gb18030", "euc-kr", "windows-1251", "koi8-r"].includes(guess)) return guess;
  return "windows-1252";
}

/** Bytes to text in their detected encoding; a byte-order mark is dropped. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding = detectEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes);
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, encoding };
}

// C0 control characters but tab, line feed and carriage return, and DEL: never text a person wrote.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Text read from a file without its control characters: a NUL (a stray byte deep in a CSV file, or
 * `=00` in a quoted-printable vCard value) cannot be stored in PostgreSQL text, and one such value
 * failed its whole batch; the others would only be invisible garbage in a name or a note.
 */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "");
