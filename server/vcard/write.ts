// Writes one contact as a vCard 3.0 (RFC 2426, what phones and desktop address books import best) or
// 4.0 (RFC 6350) card. Shared by the export and the CardDAV server; the tolerant reader beside it
// (read.ts) reads every card written here back to the same fields.

/** The fields a card carries; a stored contact or the API's `Contact` fits. */
export interface VCardContact {
  id: string;
  /** The card's UID when it is not the contact's id (a CardDAV client's own UID). */
  uid?: string | null;
  first_name: string;
  last_name?: string | null;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  phone_type?: string | null;
  phone2?: string | null;
  phone2_type?: string | null;
  address?: string | null;
  city?: string | null;
  province_state?: string | null;
  postal_zip_code?: string | null;
  notes?: string | null;
  /** REV: when the contact last changed (ISO string or Date). */
  updated_at?: string | Date | null;
}

export interface VCardWriteOptions {
  /** "3.0" unless told otherwise. */
  version?: "3.0" | "4.0";
  /**
   * Raw property lines (unfolded, without line ends) written as given before END:VCARD, folded like
   * every other line: properties a client sent that the app has no field for.
   */
  extraLines?: readonly string[];
}

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/**
 * TYPE values for each phone type (spec section 3), in 3.0 spelling. Types vCard has no word for get an
 * X- name the reader maps back (server/import/phone-types.ts); other products read them as "other".
 */
const PHONE_TYPE_PARAMS: Record<string, readonly string[]> = {
  mobile: ["CELL"],
  home: ["HOME", "VOICE"],
  work: ["WORK", "VOICE"],
  other: ["X-OTHER"],
  custom: ["X-CUSTOM"],
  fax_work: ["WORK", "FAX"],
  fax_home: ["HOME", "FAX"],
  pager: ["PAGER"],
  callback: ["X-CALLBACK"],
  car: ["CAR"],
  company_main: ["WORK", "X-MAIN"],
  isdn: ["ISDN"],
  main: ["X-MAIN"],
  other_fax: ["FAX"],
  radio: ["X-RADIO"],
  telex: ["X-TELEX"],
  tty_tdd: ["X-TTY-TDD"],
  work_mobile: ["WORK", "CELL"],
  work_pager: ["WORK", "PAGER"],
  assistant: ["X-ASSISTANT"],
  mms: ["X-MMS"],
};

const NEEDS_ESCAPE = /[\\,;\r\n]/;

/** RFC 6350 section 3.4: backslash, comma, semicolon and line breaks escaped in a text value. */
export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\,;]|\r\n|\r|\n/g, (ch) => (ch === "\\" || ch === "," || ch === ";" ? `\\${ch}` : "\\n"));
}

/**
 * Folds a content line at 75 octets (RFC 6350 section 3.2): each further line starts with one space, and
 * a line is never cut inside a UTF-8 character (nor a UTF-16 surrogate pair).
 */
export function foldLine(line: string): string {
  // Fast path: at most 3 octets per UTF-16 unit, so 25 units always fit; otherwise count exactly.
  if (line.length <= MAX_OCTETS / 3 || Buffer.byteLength(line, "utf8") <= MAX_OCTETS) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = utf8Length(ch.codePointAt(0)!);
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = MAX_OCTETS;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

function revision(value: string | Date, version: "3.0" | "4.0"): string {
  // What the app writes is already canonical ISO (24 characters): no Date to build per card.
  const text = typeof value === "string" && value.length === 24 && value[23] === "Z" ? value : new Date(value).toISOString();
  const iso = `${text.slice(0, 19)}Z`;
  // 3.0 examples use the extended form; 4.0's timestamp is the basic one.
  return version === "3.0" ? iso : iso.replace(/[-:]/g, "");
}

function phoneLine(value: string, type: string | null | undefined, version: "3.0" | "4.0", preferred: boolean): string {
  const types = PHONE_TYPE_PARAMS[type ?? "mobile"] ?? PHONE_TYPE_PARAMS.mobile!;
  if (version === "3.0") return `TEL;TYPE=${types.join(",")}:${escapeText(value)}`;
  const lower = types.map((t) => t.toLowerCase());
  const pref = preferred ? ";PREF=1" : "";
  return `TEL;TYPE=${lower.join(",")}${pref}:${escapeText(value)}`;
}

/** One contact as a vCard: BEGIN to END:VCARD, CRLF line ends (the last line's included), folded. */
export function writeVCard(contact: VCardContact, options: VCardWriteOptions = {}): string {
  const version = options.version ?? "3.0";
  const first = contact.first_name.trim();
  const last = contact.last_name?.trim() ?? "";
  const fullName =
    [first, last].filter(Boolean).join(" ") || contact.company?.trim() || contact.email?.trim() || contact.phone?.trim() || "";
  const lines = ["BEGIN:VCARD", `VERSION:${version}`, "PRODID:-//Contactbook//Contactbook//EN"];
  lines.push(`N:${escapeText(last)};${escapeText(first)};;;`);
  lines.push(`FN:${escapeText(fullName)}`);
  if (present(contact.company)) lines.push(`ORG:${escapeText(contact.company.trim())}`);
  if (present(contact.phone)) lines.push(phoneLine(contact.phone.trim(), contact.phone_type, version, true));
  if (present(contact.phone2)) lines.push(phoneLine(contact.phone2.trim(), contact.phone2_type, version, false));
  if (present(contact.email)) lines.push(`${version === "3.0" ? "EMAIL;TYPE=INTERNET" : "EMAIL"}:${escapeText(contact.email.trim())}`);
  const adr = [contact.address, contact.city, contact.province_state, contact.postal_zip_code];
  if (adr.some(present)) {
    // Our address is one free line: the street component; there is no separate country field.
    const [street, locality, region, postal] = adr.map((v) => escapeText(v?.trim() ?? ""));
    lines.push(`ADR:;;${street};${locality};${region};${postal};`);
  }
  if (present(contact.notes)) lines.push(`NOTE:${escapeText(contact.notes)}`);
  const uid = contact.uid ?? contact.id;
  lines.push(`UID:${escapeText(version === "4.0" && /^[0-9a-f-]{36}$/i.test(uid) ? `urn:uuid:${uid}` : uid)}`);
  if (contact.updated_at) lines.push(`REV:${revision(contact.updated_at, version)}`);
  for (const extra of options.extraLines ?? []) if (extra !== "") lines.push(extra);
  lines.push("END:VCARD");
  let text = "";
  for (const line of lines) text += foldLine(line) + CRLF;
  return text;
}
