// The phone rules that need no parsing library (spec section 9), apart from phone.ts so that screens
// showing numbers the server has already formatted do not load libphonenumber-js.

const SEPARATORS = /[\s\-().]/g;

/** Valid when, after removing spaces, dashes, brackets and dots: optional +, non-zero first digit, 7-16 characters. */
export function isValidPhone(value: string): boolean {
  const compact = value.replace(SEPARATORS, "");
  return /^\+?[1-9]\d*$/.test(compact) && compact.length >= 7 && compact.length <= 16;
}

/** Keeps digits and plus; numbers of more than 10 digits get a leading plus. */
export function cleanPhone(value: string): string {
  const kept = value.replace(/[^\d+]/g, "");
  const digits = kept.replace(/\+/g, "");
  if (kept.startsWith("+")) return `+${digits}`;
  return digits.length > 10 ? `+${digits}` : digits;
}

/** A number for tel: and sms: links from its E.164 form (the server's) or as typed; null when not valid. */
export function dialableFrom(value: string | null | undefined, e164: string | null | undefined): string | null {
  if (!value || !isValidPhone(value)) return null;
  return e164 ?? cleanPhone(value);
}
