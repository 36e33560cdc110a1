// A frozen copy of the phone keys as shared/phone.ts computed them when migrations 0022 and 0062 were
// written (unchanged between the two): a migration must not change when the application code does.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

export type { CountryCode };

function parse(value: string, country: CountryCode) {
  const digits = value.replace(/\D/g, "");
  if (digits.length < 7) return undefined;
  // "1 615 390 6319" (a North American number with its trunk 1 but no plus) is read as +1 too.
  const text = !value.trim().startsWith("+") && digits.length === 11 && digits.startsWith("1") ? `+${digits}` : value;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  return parsed?.isPossible() ? parsed : undefined;
}

/**
 * The key two numbers were compared by (E.164 digits, North American numbers as their 10 national
 * digits; a number the library cannot read keeps its bare digits) and the number in E.164.
 */
export function phoneKeys(value: string | null | undefined, country: CountryCode): { key: string; e164: string | null } {
  if (!value) return { key: "", e164: null };
  const parsed = parse(value, country);
  if (!parsed) {
    const digits = value.replace(/\D/g, "");
    return { key: digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits, e164: null };
  }
  const key = parsed.countryCallingCode === "1" ? parsed.nationalNumber : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  return { key, e164: parsed.number };
}

/** The comparison key alone. */
export const normalizePhone = (value: string | null | undefined, country: CountryCode): string => phoneKeys(value, country).key;
