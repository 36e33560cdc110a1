// Phone rules of spec sections 5 and 9, shared by the form, the importers and the server. Parsing is
// libphonenumber-js's (its "min" metadata: enough to parse and format, small enough for the web bundle).
import { type CountryCode, getCountries, parsePhoneNumberFromString } from "libphonenumber-js/min";

import { isValidPhone } from "./phone-no-library.js";

export type { CountryCode };
export { isValidPhone };

/** Numbers typed without a country code are read as this country's unless configured (DEFAULT_COUNTRY). */
export const FALLBACK_COUNTRY: CountryCode = "US";

const COUNTRIES = new Set<string>(getCountries());
export const isCountryCode = (value: string): value is CountryCode => COUNTRIES.has(value);

function parse(value: string, country: CountryCode) {
  const digits = value.replace(/\D/g, "");
  if (digits.length < 7) return undefined;
  // "1 615 390 6319" (a North American number with its trunk 1 but no plus) is read as +1 too.
  const text = !value.trim().startsWith("+") && digits.length === 11 && digits.startsWith("1") ? `+${digits}` : value;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
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
 * Both of the above from one parse: parsing is the dearest step of writing a contact (about 20 us a
 * number), and an import writes hundreds of thousands.
 */
export function phoneKeys(value: string | null | undefined, country: CountryCode = FALLBACK_COUNTRY): { key: string; e164: string | null } {
  if (!value) return { key: "", e164: null };
  const parsed = parse(value, country);
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
