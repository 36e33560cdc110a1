import type { VCardProperty } from "./read.js";

// A card's PHOTO as bytes: 2.1's ENCODING=BASE64, 3.0's ENCODING=b, 4.0's data: URI, and the bare
// base64 some products (Thunderbird) write without saying so. A photo that is a link (http, cid) is
// never fetched.

export interface CardPhoto {
  bytes: Uint8Array;
  mediaType: string;
}

/** What a PHOTO holds: the picture, a link to one (left out: never fetched), nothing, or no picture we know. */
export type PhotoOutcome = { photo: CardPhoto } | { left: "link" | "unreadable" } | null;

const BASE64 = /^[A-Za-z0-9+/=_-]+$/;
const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/** The image's format from its first bytes: the bytes decide, whatever the card's TYPE said. */
function sniff(bytes: Uint8Array): string | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return "image/png";
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) return "image/gif";
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp" && /^(heic|heix|mif1|msf1|heif)$/.test(ascii(8, 12))) return "image/heic";
  if (at(0) === 0x42 && at(1) === 0x4d) return "image/bmp";
  return null;
}

const decoded = (base64: string): CardPhoto | null => {
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  const mediaType = bytes.length > 0 ? sniff(bytes) : null;
  return mediaType ? { bytes, mediaType } : null;
};

export function readPhoto(property: VCardProperty): PhotoOutcome {
  const value = property.value.trim();
  if (value === "") return null;
  const uri = DATA_URI.exec(value.slice(0, 200));
  if (uri) {
    if (!/;base64$/i.test(uri[2] ?? "")) return { left: "unreadable" };
    const photo = decoded(value.slice(uri[0].length).replace(/\s+/g, ""));
    return photo ? { photo } : { left: "unreadable" };
  }
  const encoding = (property.params.get("ENCODING")?.[0] ?? "").toLowerCase();
  const compact = encoding === "b" || encoding === "base64" ? value : value.replace(/\s+/g, "");
  if (!BASE64.test(compact.slice(0, 200))) return { left: /^[a-z][a-z0-9+.-]*:/i.test(value) ? "link" : "unreadable" };
  const photo = decoded(compact);
  return photo ? { photo } : { left: "unreadable" };
}

/** The 3.0 TYPE of a media type (image/jpeg: JPEG). */
export const photoTypeWord = (mediaType: string): string => (mediaType.split("/")[1] ?? "jpeg").toUpperCase();

export const base64Of = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
