import type { PhoneType } from "../../shared/contact-schemas.js";
import type { ColumnMapping, ImportTarget } from "../../shared/import-schemas.js";
import { isValidEmail } from "../../shared/email.js";
import { isValidPhone } from "../../shared/phone.js";
import type { SingleKey } from "../../shared/contact-model/fields.js";
import { type ContactCandidate, emptyCandidate } from "./candidate.js";
import { csvCellValue } from "./csv-cell.js";
import {
  LOCALIZED_EXACT,
  NOT_AN_EMAIL,
  isLocalizedEmail,
  isLocalizedPhone,
  localizedAddressGroup,
  localizedAddressPart,
} from "./csv-header-words.js";
import { phoneTypeFromLabels } from "./phone-types.js";

/** A header as compared: lower case, words separated by one space, punctuation gone. */
const normalize = (header: string) =>
  header
    // Salesforce's API names and other camel-cased headers: 'MailingPostalCode' (not 'iPhone').
    .replace(/([a-z]{2,})(?=[A-Z][a-z])/g, "$1 ")
    .toLowerCase()
    // Turkish 'İ' lower-cases to 'i' and a combining dot.
    .replace(/i\u0307/g, "i")
    .replace(/[_\-–/.:()']+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

// Headers of the spec's template and of real exports: Google (current and old), Outlook, Apple/iCloud,
// Thunderbird, Yahoo, Windows Contacts, KMail. Matched on the normalised header.
const EXACT: Record<string, ImportTarget> = {
  "first name": "first_name",
  firstname: "first_name",
  "given name": "first_name",
  first: "first_name",
  forename: "first_name",
  vorname: "first_name",
  prénom: "first_name",
  "last name": "last_name",
  lastname: "last_name",
  "family name": "last_name",
  surname: "last_name",
  last: "last_name",
  nachname: "last_name",
  nom: "last_name",
  name: "full_name",
  "full name": "full_name",
  fullname: "full_name",
  "display name": "full_name",
  "formatted name": "full_name",
  "contact name": "full_name",
  company: "company",
  "company name": "company",
  organization: "company",
  organisation: "company",
  "organization 1 name": "company",
  "organization name": "company",
  "account name": "company",
  firma: "company",
  email: "email",
  "e mail": "email",
  "email address": "email",
  "e mail address": "email",
  "primary email": "email",
  "e mail 1 value": "email",
  "email 1 value": "email",
  "e mail 1 address": "email",
  "personal email": "email",
  "home email": "email",
  "work email": "email",
  "business email": "email",
  "e mail 2 address": "email",
  "e mail 3 address": "email",
  "secondary email": "email",
  "alternate email 1": "email",
  "email 2": "email",
  mail: "email",
  phone: "phone",
  telephone: "phone",
  "phone number": "phone",
  tel: "phone",
  "phone 1 value": "phone",
  "phone 1 type": "phone_type",
  "phone 1 label": "phone_type",
  "phone 2 value": "phone2",
  "phone 2 type": "phone2_type",
  "phone 2 label": "phone2_type",
  "phone type": "phone_type",
  "phone 2": "phone2",
  "second phone": "phone2",
  phone2: "phone2",
  "phone2 type": "phone2_type",
  address: "address",
  street: "address",
  "street address": "address",
  "address 1 street": "address",
  "address 1 extended address": "address",
  "address 1 po box": "address",
  "address 1 country": "address",
  "home address": "address",
  "home address 2": "address",
  "home street": "address",
  "home street 2": "address",
  "home street 3": "address",
  "home country": "address",
  "home country region": "address",
  "business street": "address",
  "business street 2": "address",
  "business street 3": "address",
  "business country region": "address",
  "work address": "address",
  "work address 2": "address",
  "work country": "address",
  city: "city",
  town: "city",
  locality: "city",
  "address 1 city": "city",
  "home city": "city",
  "business city": "city",
  "work city": "city",
  state: "province_state",
  province: "province_state",
  region: "province_state",
  "state province": "province_state",
  "province state": "province_state",
  "address 1 region": "province_state",
  "home state": "province_state",
  "business state": "province_state",
  "work state": "province_state",
  zip: "postal_zip_code",
  "zip code": "postal_zip_code",
  zipcode: "postal_zip_code",
  "postal code": "postal_zip_code",
  postcode: "postal_zip_code",
  "postal zip code": "postal_zip_code",
  "address 1 postal code": "postal_zip_code",
  "home zipcode": "postal_zip_code",
  "home zip": "postal_zip_code",
  "business zip": "postal_zip_code",
  "work zip": "postal_zip_code",
  "zip postal code": "postal_zip_code",
  "home zip code": "postal_zip_code",
  "home postal code": "postal_zip_code",
  "business postal code": "postal_zip_code",
  "work zipcode": "postal_zip_code",
  "work zip code": "postal_zip_code",
  notes: "notes",
  note: "notes",
  comments: "notes",
  comment: "notes",
  description: "notes",
};

/** Phone columns named after their kind: 'Mobile Phone', 'Business Fax', 'Pager Number'... */
const PHONE_HEADER = /(phone|mobile|cell|fax|pager|tel|telephone|handy|number)\b/;
const NOT_A_PHONE = /\b(type|label|extension|ext|country code)\b/;

/** How likely a phone column holds the number to show first: mobiles, then general and home, then work... */
const PHONE_PRIORITY: PhoneType[] = [
  "mobile",
  "main",
  "home",
  "work",
  "work_mobile",
  "other",
  "custom",
  "company_main",
  "car",
  "assistant",
];

// The address columns of CRMs and church, club and mailing-list tools, whose headers put a group word
// before the part: 'Mailing State/Province' (Salesforce), 'State/Region' (HubSpot), 'Home Address Zip
// Code' (Planning Center). A country goes with the street, as Google's 'Address 1 - Country' does.
const ADDRESS_PARTS: [RegExp, ImportTarget][] = [
  [/\b(street|address line \d)\b/, "address"],
  [/\bcountry\b/, "address"],
  [/\b(zip|zip code|zipcode|postal code|postcode|post code)\b/, "postal_zip_code"],
  [/\b(state|province|region)\b/, "province_state"],
  [/\b(city|town)\b/, "city"],
];
const NOT_AN_ADDRESS_PART = /\b(type|label|formatted)\b/;

const addressPart = (header: string) =>
  NOT_AN_ADDRESS_PART.test(header) ? undefined : ADDRESS_PARTS.find(([pattern]) => pattern.test(header))?.[1];

/** The address group a header belongs to ('home', 'business'/'work', 'address 1'), so only one group is taken. */
const addressGroup = (header: string) =>
  /^(home|business|work|other|mailing|billing|shipping|address \d)\b/.exec(header)?.[1]?.replace("work", "business") ??
  localizedAddressGroup(header);

/**
 * Guesses what each column holds from its header. Of several address groups (home and business) the
 * first one in the file is taken; the others stay 'ignore' for the person to choose.
 */
export function guessMapping(headers: string[]): ColumnMapping[] {
  const mapping: ColumnMapping[] = headers.map((header) => guessColumn(normalize(header)));
  const addressTargets = new Set<ImportTarget>(["address", "city", "province_state", "postal_zip_code"]);
  let group: string | null = null;
  mapping.forEach((column, i) => {
    if (!addressTargets.has(column.target)) return;
    const g = addressGroup(normalize(headers[i]!));
    if (g === "") return;
    group ??= g;
    if (g !== group) mapping[i] = { target: "ignore" };
  });
  return mapping;
}

function guessColumn(header: string): ColumnMapping {
  const exact = EXACT[header] ?? LOCALIZED_EXACT[header];
  if (exact === "phone" || exact === "phone2")
    // Plain names (ours: phone, phone2) and Google's values take the type from the row's type column.
    return { target: exact, phoneType: header === "phone" || header === "phone2" || /value/.test(header) ? undefined : "mobile" };
  if (exact) return { target: exact };
  const email = /^e ?mail\b/.test(header) || isLocalizedEmail(header);
  if (email && !/\b(type|label|display)\b/.test(header) && !NOT_AN_EMAIL.test(header)) return { target: "email" };
  if ((PHONE_HEADER.test(header) || isLocalizedPhone(header)) && !NOT_A_PHONE.test(header))
    return { target: "phone", phoneType: phoneTypeFromLabels([header]) };
  const part = addressPart(header) ?? localizedAddressPart(header);
  return part ? { target: part } : { target: "ignore" };
}

const EMAILISH = /^[^\s@]+@[^\s@]+$/;
const MULTI_VALUE = /\s+:::\s+/;
// Hand-kept sheets put two numbers in one cell: '555 010 2001 / 555 010 2002', '...; ...', one a line.
const NUMBER_SEPARATOR = /\s+\/\s+|\s*[;|\n]\s*|,\s+/;

/** A phone cell's numbers: Google's ' ::: ' lists, and two numbers in one cell when each reads as one. */
function numbersOf(value: string): string[] {
  return value.split(MULTI_VALUE).flatMap((one) => {
    const parts = one.split(NUMBER_SEPARATOR).map((p) => p.trim());
    return parts.length > 1 && parts.every((p) => isValidPhone(p)) ? parts : [one.trim()];
  });
}

/** How many cells of a record name a column the importer knows. */
export const knownColumns = (record: string[]) => record.filter((cell) => guessColumn(normalize(cell)).target !== "ignore").length;

/** Whether a first record is a header row: it names known columns and holds no e-mail or phone values. */
export function looksLikeHeader(record: string[]): boolean {
  const data = record.filter((cell) => EMAILISH.test(cell.trim()) || isValidPhone(cell.trim())).length;
  return knownColumns(record) > 0 && data === 0;
}

/** For a file without a header row: columns whose values look like e-mails or phones; the rest by hand. */
export function guessMappingFromValues(records: string[][]): ColumnMapping[] {
  const width = Math.max(...records.map((r) => r.length));
  const sample = records.slice(0, 50);
  return Array.from({ length: width }, (_, i): ColumnMapping => {
    const values = sample.map((r) => (r[i] ?? "").trim()).filter(Boolean);
    if (values.length && values.every((v) => isValidEmail(v))) return { target: "email" };
    if (values.length && values.every((v) => isValidPhone(v))) return { target: "phone" };
    return { target: "ignore" };
  });
}

// A name written surname first, as lists sorted by surname are kept: 'Lovelace, Ada', 'van Gogh, Vincent'.
const SURNAME_FIRST = /^([^,]+),\s*([^,]+)$/;
// What follows a comma in a name that is not written surname first: 'Ada Lovelace, PhD', 'Acme, Inc.'.
const AFTER_A_NAME = /^(jr|sr|ii|iii|iv|phd|md|dds|esq|mba|cpa|rn|inc|ltd|llc|llp|plc|gmbh|ag|sa|co|corp)\.?$/i;
const words = (text: string) => text.split(/\s+/).length;

/** The first and last name of a whole name written 'Last, First', when it reads as one. */
function surnameFirstName(whole: string | undefined): { first: string; last: string } | undefined {
  const match = whole ? SURNAME_FIRST.exec(whole.trim()) : null;
  if (!match) return undefined;
  const [last, first] = [match[1]!.trim(), match[2]!.trim()];
  if (!last || !first || AFTER_A_NAME.test(first) || words(last) > 3 || words(first) > 3) return undefined;
  return { first, last };
}

/** Applies a mapping to one record. */
export function recordToCandidate(record: string[], mapping: ColumnMapping[]): ContactCandidate {
  const candidate = emptyCandidate();
  const text: Partial<Record<ImportTarget, string[]>> = {};
  const phones: { value: string; type: PhoneType | undefined; second: boolean; column: number }[] = [];
  let phoneTypeLabel: string | undefined;
  let phone2TypeLabel: string | undefined;
  mapping.forEach((column, i) => {
    const value = csvCellValue(record[i] ?? "").trim();
    if (!value || column.target === "ignore") return;
    if (column.target === "phone" || column.target === "phone2") {
      // Google writes several numbers of one label into one cell: '555 1234 ::: 555 5678'.
      for (const one of numbersOf(value))
        if (one) phones.push({ value: one, type: column.phoneType, second: column.target === "phone2", column: i });
    } else if (column.target === "email") {
      (text.email ??= []).push(
        ...value
          .split(MULTI_VALUE)
          .map((e) => e.trim())
          .filter(Boolean),
      );
    } else if (column.target === "phone_type") phoneTypeLabel ??= value;
    else if (column.target === "phone2_type") phone2TypeLabel ??= value;
    else (text[column.target] ??= []).push(value);
  });
  const first = (target: ImportTarget) => text[target]?.[0];
  const assign = (key: SingleKey, value: string | undefined) => {
    if (value !== undefined) candidate.singles[key] = value;
  };
  assign("first_name", first("first_name"));
  assign("last_name", first("last_name"));
  const surnameFirst = text.first_name || text.last_name ? undefined : surnameFirstName(first("full_name"));
  if (surnameFirst) {
    candidate.singles.first_name = surnameFirst.first;
    candidate.singles.last_name = surnameFirst.last;
  } else if (first("full_name") !== undefined) candidate.full_name = first("full_name")!;
  assign("company", first("company"));
  const email = text.email?.find((e) => EMAILISH.test(e)) ?? first("email");
  if (email) candidate.lists.emails.push({ value: email, type: "home", label: null });
  const address = text.address?.join(", ");
  if (address || first("city") || first("province_state") || first("postal_zip_code"))
    candidate.lists.addresses.push({
      street: address ?? null,
      extended: null,
      city: first("city") ?? null,
      region: first("province_state") ?? null,
      postal_code: first("postal_zip_code") ?? null,
      country: null,
      type: "home",
      label: null,
    });
  assign("notes", text.notes?.join("\n"));
  // The first column marked 'phone' takes the row's phone type column; the first 'phone2' the second's.
  const firstPhone = phones.find((p) => !p.second);
  const firstPhone2 = phones.find((p) => p.second);
  const rank = (type: PhoneType) => {
    const at = PHONE_PRIORITY.indexOf(type);
    return at < 0 ? PHONE_PRIORITY.length : at;
  };
  candidate.lists.phones = phones
    .map((p) => ({
      ...p,
      type:
        p.type ??
        (p === firstPhone && phoneTypeLabel ? phoneTypeFromLabels([phoneTypeLabel]) : undefined) ??
        (p === firstPhone2 && phone2TypeLabel ? phoneTypeFromLabels([phone2TypeLabel]) : undefined) ??
        "mobile",
    }))
    .sort((a, b) => Number(a.second) - Number(b.second) || rank(a.type) - rank(b.type) || a.column - b.column)
    .map(({ value, type }) => ({ value, type, label: null }));
  return candidate;
}
