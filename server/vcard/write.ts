import { DATE_PROPERTIES, type DateType, SINGLE_FIELDS, listField } from "../../shared/contact-model/fields.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import { writtenDate } from "./dates.js";
import {
  ADDRESS_PARTS,
  APPLE_RELATIONS,
  RELATED_NAMES,
  RELATED_NAME_LABEL,
  ROLE_LABEL,
  type TypedList,
  typeParams,
} from "./entry-types.js";
import { type CardPhoto, base64Of, photoTypeWord } from "./photo.js";

// Writes one contact as a vCard 3.0 (RFC 2426, what phones and desktop address books import best) or
// 4.0 (RFC 6350) card, every field of the table (shared/contact-model/fields.ts). Shared by the export
// and the CardDAV server; the tolerant reader beside it (to-candidate.ts) reads every card written here
// back to the same contact.
//
// What vCard has no property for is written as Apple writes it, so that iPhones and Macs show it and
// other products pass it by: a label of an entry as `itemN.X-ABLabel` beside the grouped property; a
// date that is neither a birthday nor (in 4.0) an anniversary as `itemN.X-ABDATE` with its label; a
// birthday without a year in 3.0 with Apple's X-APPLE-OMIT-YEAR. A custom field is `itemN.X-CUSTOM`
// with its label in `itemN.X-ABLabel`: an X- property that other products ignore (and CardDAV servers
// keep), where the related names Apple offers would have shown a gate code as a person's relative;
// only a custom field labelled as Apple labels a relative ('Spouse', 'Assistant') is a related name.

/** A contact as a card carries it: its data, and what it has beside (UID, REV, photo, kept lines, groups). */
export type CardInput = ContactData & {
  id: string;
  /** The card's UID when it is not the contact's id (a CardDAV client's own UID). */
  uid?: string | null;
  /** REV: when the contact last changed (ISO string or Date). */
  updated_at?: string | Date | null;
  photo?: CardPhoto | null;
  /**
   * Raw property lines (unfolded, without line ends) written as given before END:VCARD, folded like
   * every other line: properties a client sent that the app has no field for.
   */
  extraLines?: readonly string[];
  /** The contact's groups (CATEGORIES); when given they replace any CATEGORIES among the extra lines. */
  categories?: readonly string[];
};

export interface VCardWriteOptions {
  /** "3.0" unless told otherwise. */
  version?: "3.0" | "4.0";
}

const CRLF = "\r\n";
const MAX_OCTETS = 75;
const PRODID = "PRODID:-//Contactbook//Contactbook//EN";

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
  if (line.length <= MAX_OCTETS / 3) return line;
  const octets = Buffer.byteLength(line, "utf8");
  if (octets <= MAX_OCTETS) return line;
  // ASCII (a photo's base64): cut by length, without walking each character.
  if (octets === line.length) {
    const out = [line.slice(0, MAX_OCTETS)];
    for (let at = MAX_OCTETS; at < line.length; at += MAX_OCTETS - 1) out.push(` ${line.slice(at, at + MAX_OCTETS - 1)}`);
    return out.join(CRLF);
  }
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const length = utf8Length(ch.codePointAt(0)!);
    if (size + length > MAX_OCTETS) {
      out.push(current);
      current = " ";
      size = 1;
    }
    current += ch;
    size += length;
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

const listOf = listField;
const TYPED_LISTS: readonly TypedList[] = ["phones", "emails", "addresses", "urls"];
/** The structured single properties (N, ORG) and how many components each has. */
const COMPONENTS = new Map<string, number>();
for (const field of SINGLE_FIELDS) {
  const { property, component } = field.vcard as { property: string; component?: number };
  if (component !== undefined) COMPONENTS.set(property, Math.max(COMPONENTS.get(property) ?? 0, component + 1));
}
/** ADR's components: the table's parts, and the post office box (0) we never write. */
const ADR_COMPONENTS = Math.max(...ADDRESS_PARTS.map((p) => p.component)) + 1;
const LABELLED_DATE = listOf("dates").vcard.property;
const CUSTOM_PROPERTY = listOf("custom_fields").vcard.property;
/** Lines the writer always writes itself: never copied from the extra lines. */
const OWN = new Set(["BEGIN", "END", "VERSION", "PRODID", "N", "FN", "UID", "REV"]);

/** Apple's own label of a type (`_$!<Anniversary>!$_`). */
const appleLabel = (type: string) => `_$!<${type.charAt(0).toUpperCase()}${type.slice(1)}>!$_`;

const nameOf = (line: string) => /^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)[;:]/.exec(line)?.[1]?.toUpperCase();

/** One contact as a vCard: BEGIN to END:VCARD, CRLF line ends (the last line's included), folded. */
export function writeVCard(contact: CardInput, options: VCardWriteOptions = {}): string {
  const version = options.version ?? "3.0";
  const lines = ["BEGIN:VCARD", `VERSION:${version}`, PRODID];
  const extras = (contact.extraLines ?? []).filter((line) => {
    const name = nameOf(line);
    if (line === "" || name === undefined || OWN.has(name)) return false;
    if (name === "PHOTO" && contact.photo) return false;
    return !(name === "CATEGORIES" && contact.categories !== undefined);
  });
  // Groups of our own after the highest itemN of the kept lines, so that none names another's label.
  let item = 0;
  for (const line of extras) {
    const match = /^item(\d+)\./i.exec(line);
    if (match) item = Math.max(item, Number(match[1]));
  }
  const grouped = (property: string, label: string | null | undefined, before: string[] = []) => {
    if (!present(label) && before.length === 0) return property;
    const group = `item${++item}`;
    if (present(label)) before.push(`${group}.X-ABLabel:${escapeText(label.trim())}`);
    return `${group}.${property}`;
  };
  const params = (values: readonly string[]) =>
    values.length === 0 ? "" : `;TYPE=${(version === "3.0" ? values : values.map((v) => v.toLowerCase())).join(",")}`;

  const values = contact as unknown as Record<string, string | null>;
  const written = new Set<string>();
  for (const field of SINGLE_FIELDS) {
    const { property } = field.vcard;
    if (written.has(property)) continue;
    written.add(property);
    const count = COMPONENTS.get(property);
    if (count === undefined) {
      if (present(values[field.key])) lines.push(`${property}:${escapeText(values[field.key]!.trim())}`);
    } else {
      const parts = Array.from({ length: count }, () => "");
      for (const f of SINGLE_FIELDS) {
        const component = (f.vcard as { component?: number }).component;
        if (f.vcard.property === property && component !== undefined) parts[component] = escapeText(values[f.key]?.trim() ?? "");
      }
      // N is always written (3.0 requires it); ORG only with a value, without empty units at its end.
      if (property === "N") lines.push(`N:${parts.join(";")}`, `FN:${escapeText(fullName(contact))}`);
      else if (parts.some(Boolean)) {
        while (parts.at(-1) === "") parts.pop();
        lines.push(`${property}:${parts.join(";")}`);
      }
    }
    if (property === "N" && contact.kind === "company") lines.push(...(version === "4.0" ? ["KIND:org"] : []), "X-ABShowAs:COMPANY");
  }

  for (const key of TYPED_LISTS) {
    const property = listOf(key).vcard.property;
    (contact[key] as { value?: string | null; type: string; label: string | null }[]).forEach((entry, index) => {
      const labels: string[] = [];
      const types = [...(key === "emails" && version === "3.0" ? ["INTERNET"] : []), ...typeParams(key, entry.type)];
      const pref = version === "4.0" && index === 0 && key === "phones" ? ";PREF=1" : "";
      const name = grouped(property, entry.label, labels);
      const value =
        key === "addresses"
          ? addressValue(entry as ContactData["addresses"][number])
          : key === "urls"
            ? (entry.value ?? "").trim() // a URI: not text, no escapes
            : escapeText((entry.value ?? "").trim());
      lines.push(`${name}${params(types)}${pref}:${value}`, ...labels);
    });
  }

  for (const entry of contact.dates) {
    const date = writtenDate(entry.value ?? "", version);
    const own = DATE_PROPERTIES[entry.type];
    // 3.0 has no ANNIVERSARY: Apple's labelled date is what 3.0 readers know.
    if (own && (entry.type === "birthday" || version === "4.0")) {
      lines.push(`${own}${date.params}:${date.value}`);
      continue;
    }
    const labels: string[] = [];
    const label = entry.type === "custom" ? entry.label : appleLabel(entry.type as Exclude<DateType, "custom">);
    lines.push(`${grouped(LABELLED_DATE, label, labels)}${date.params}:${date.value}`, ...labels);
  }
  // What a phone read from its own properties goes back to them: a relative as a related name, a ROLE
  // beside the title as ROLE (the reader reads a ROLE without a TITLE as the title).
  let role = present(contact.job_title);
  for (const entry of contact.custom_fields) {
    const labels: string[] = [];
    const value = escapeText(entry.value ?? "");
    const label = entry.label?.trim() ?? "";
    if (label === ROLE_LABEL && role) {
      lines.push(`ROLE:${value}`);
      role = false;
    } else if (label === RELATED_NAME_LABEL) lines.push(`${RELATED_NAMES}:${value}`);
    else if (APPLE_RELATIONS.has(label)) lines.push(`${grouped(RELATED_NAMES, appleLabel(label), labels)}:${value}`, ...labels);
    else lines.push(`${grouped(CUSTOM_PROPERTY, entry.label, labels)}:${value}`, ...labels);
  }

  if (contact.photo) {
    const data = base64Of(contact.photo.bytes);
    lines.push(
      version === "3.0"
        ? `PHOTO;ENCODING=b;TYPE=${photoTypeWord(contact.photo.mediaType)}:${data}`
        : `PHOTO:data:${contact.photo.mediaType};base64,${data}`,
    );
  }
  const categories = (contact.categories ?? []).filter(present);
  if (categories.length > 0) lines.push(`CATEGORIES:${categories.map((c) => escapeText(c.trim())).join(",")}`);
  const uid = contact.uid ?? contact.id;
  lines.push(`UID:${escapeText(version === "4.0" && /^[0-9a-f-]{36}$/i.test(uid) ? `urn:uuid:${uid}` : uid)}`);
  if (contact.updated_at) lines.push(`REV:${revision(contact.updated_at, version)}`);
  lines.push(...extras, "END:VCARD");
  let text = "";
  for (const line of lines) text += foldLine(line) + CRLF;
  return text;
}

/** FN: the company's name for a company, else the whole name; a card without either names what it has. */
function fullName(contact: CardInput): string {
  const company = contact.company?.trim() ?? "";
  if (contact.kind === "company" && company) return company;
  const name = [contact.name_prefix, contact.first_name, contact.middle_name, contact.last_name, contact.name_suffix]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return name || company || contact.emails[0]?.value?.trim() || contact.phones[0]?.value?.trim() || "";
}

function addressValue(address: ContactData["addresses"][number]): string {
  const parts = Array.from({ length: ADR_COMPONENTS }, () => "");
  const values = address as unknown as Record<string, string | null>;
  for (const part of ADDRESS_PARTS) parts[part.component] = escapeText(values[part.key]?.trim() ?? "");
  return parts.join(";");
}
