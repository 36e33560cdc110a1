import { z } from "zod";

/**
 * The text encodings an imported file can be read in. The server detects one; the preview lets the
 * person choose another when names come out garbled (a short file of Czech names reads as well in
 * Windows-1252 as in Windows-1250, and only a reader of Czech can tell which is right).
 */
export const IMPORT_ENCODINGS = [
  "utf-8",
  "utf-16le",
  "utf-16be",
  "windows-1252",
  "windows-1250",
  "windows-1251",
  "koi8-r",
  "windows-1253",
  "windows-1254",
  "windows-1255",
  "windows-1256",
  "windows-1257",
  "windows-1258",
  "macintosh",
  "shift_jis",
  "euc-jp",
  "gb18030",
  "big5",
  "euc-kr",
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

export const IMPORT_ENCODING_LABELS: Record<ImportEncoding, string> = {
  "utf-8": "Unicode (UTF-8)",
  "utf-16le": "Unicode (UTF-16 LE)",
  "utf-16be": "Unicode (UTF-16 BE)",
  "windows-1252": "Western European (Windows-1252)",
  "windows-1250": "Central European (Windows-1250)",
  "windows-1251": "Cyrillic (Windows-1251)",
  "koi8-r": "Cyrillic (KOI8-R)",
  "windows-1253": "Greek (Windows-1253)",
  "windows-1254": "Turkish (Windows-1254)",
  "windows-1255": "Hebrew (Windows-1255)",
  "windows-1256": "Arabic (Windows-1256)",
  "windows-1257": "Baltic (Windows-1257)",
  "windows-1258": "Vietnamese (Windows-1258)",
  macintosh: "Western (Mac OS Roman)",
  shift_jis: "Japanese (Shift_JIS)",
  "euc-jp": "Japanese (EUC-JP)",
  gb18030: "Chinese, Simplified (GB18030)",
  big5: "Chinese, Traditional (Big5)",
  "euc-kr": "Korean (EUC-KR)",
};

export const importEncodingSchema = z.enum(IMPORT_ENCODINGS, { error: "Unknown text encoding" });
