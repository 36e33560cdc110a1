// Phone rules of spec sections 5 and 9, shared by the form, the importers and the server. Parsing is
// libphonenumber-js's (its "min" metadata: enough to parse and format, small enough for the web bundle).
import { type CountryCode, getCountries, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { Metadata, parsePhoneNumberFromString as parseWithMetadata } from "libphonenumber-js/core";
import metadata from "libphonenumber-js/min/metadata";

import { isValidPhone } from "./phone-no-library.js";

export type { CountryCode };
export { isValidPhone };

/** Numbers typed without a country code are read as this country's unless configured (DEFAULT_COUNTRY). */
export const FALLBACK_COUNTRY: CountryCode = "US";

const COUNTRIES = new Set<string>(getCountries());
export const isCountryCode = (value: string): value is CountryCode => COUNTRIES.has(value);

/**
 * Where several countries share a calling code (+1: 25 of them, +44: four), the library finds the
 * number's country by matching it against each one's patterns: most of the time a parse takes (2.5 of
 * 3.5 s for 200,000 British numbers). A number's key and E.164 form do not depend on it, and whether it
 * is possible depends only on the country's lengths. So for its keys a number is first parsed with
 * metadata that names each calling code's main country alone, and that answer stands where the length
 * is possible in every country of the code, or in none; only the rest (a 7-digit number under +1) is
 * parsed whole.
 */
const MAIN_COUNTRY_ONLY = {
  ...metadata,
  country_calling_codes: Object.fromEntries(
    Object.entries(metadata.country_calling_codes).map(([code, countries]) => [code, countries.slice(0, 1)]),
  ),
} as typeof metadata;

/** For each shared calling code: the lengths every one of its countries allows, and those any allows. */
const SHARED_LENGTHS = new Map(
  Object.entries(metadata.country_calling_codes)
    .filter(([, countries]) => countries.length > 1)
    .map(([code, countries]) => {
      const plans = countries.map((c) => {
        const plan = new Metadata(metadata);
        plan.selectNumberingPlan(c as CountryCode);
        return plan.numberingPlan?.possibleLengths() ?? [];
      });
      return [code, { every: plans.reduce((a, b) => a.filter((n) => b.includes(n))), some: new Set(plans.flat()) }] as const;
    }),
);

/** The text the library is given, or nothing for too few digits to be a number. */
function readable(value: string): string | undefined {
  const digits = value.replace(/\D/g, "");
  if (digits.length < 7) return undefined;
  // "1 615 390 6319" (a North American number with its trunk 1 but no plus) is read as +1 too.
  return !value.trim().startsWith("+") && digits.length === 11 && digits.startsWith("1") ? `+${digits}` : value;
}

/** The whole parse, the number's country found: what display needs (its format is the country's). */
function parse(value: string, country: CountryCode) {
  const text = readable(value);
  const parsed = text === undefined ? undefined : parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isPossible() ? parsed : undefined;
}

/** A parse whose calling code and national number are the whole parse's; its country may be the code's main one. */
function parseForKeys(value: string, country: CountryCode) {
  const text = readable(value);
  if (text === undefined) return undefined;
  const options = { defaultCountry: country, extract: false } as const;
  const quick = parseWithMetadata(text, options, MAIN_COUNTRY_ONLY);
  const shared = quick && SHARED_LENGTHS.get(quick.countryCallingCode);
  const settled = !shared || shared.every.includes(quick.nationalNumber.length) || !shared.some.has(quick.nationalNumber.length);
  const parsed = settled ? quick : parsePhoneNumberFromString(text, options);
  return parsed?.isPossible() ? parsed : undefined;
}

/**
 * The key two numbers are compared by (duplicates, create-or-merge, phone search): E.164 digits, with
 * North American numbers as their 10 national digits, so "+1 615 390 6319", "1 615 390 6319" and
 * "(615) 390-6319" are one number, and so keys stored before numbers were parsed stay the same. A number
 * the library cannot read keeps its bare digits.
 */
export function normalizePhone(value: string | null | undefined, country: CountryCode = FALLBACK_COUNTRY): string {
  return phoneKeys(value, country).key;
}

/**
 * Both of the above from one parse: parsing is the dearest step of writing a contact (about 8 us a
 * number with the main-country parse above, 25 us without it), and an import writes hundreds of thousands.
 */
export function phoneKeys(value: string | null | undefined, country: CountryCode = FALLBACK_COUNTRY): { key: string; e164: string | null } {
  if (!value) return { key: "", e164: null };
  const parsed = parseForKeys(value, country);
  if (!parsed) {
    const digits = value.replace(/\D/g, "");
    return { key: digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits, e164: null };
  }
  const key = parsed.countryCallingCode === "1" ? parsed.nationalNumber : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  return { key, e164: parsed.number };
}

/**
 * Display (spec section 9): North American numbers as (xxx) xxx-xxxx, with +1 in front when typed with
 * the country code; other international numbers in the library's international format (+44 20 7946 0958);
 * anything else as typed.
 */
export function formatPhone(value: string | null | undefined, country: CountryCode = FALLBACK_COUNTRY): string {
  if (!value) return "";
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10 && !value.trim().startsWith("+")) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (digits.length === 11 && digits.startsWith("1")) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  const parsed = parse(value, country);
  if (parsed && (value.trim().startsWith("+") || parsed.country !== country)) return parsed.formatInternational();
  if (parsed) return parsed.formatNational();
  return value;
}
