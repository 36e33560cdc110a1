// Phone rules of spec sections 5 and 9, shared by the form, the importers and the server.

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

/**
 * The key two numbers are compared by (duplicates, create-or-merge, phone search): digits only, with a
 * North American leading 1 dropped so "+1 555 555 0123" and "(555) 555-0123" are the same number.
 */
export function normalizePhone(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Display: 10 digits (xxx) xxx-xxxx; 11 starting with 1 +1 (xxx) xxx-xxxx; longer +country 3-3-rest. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const digits = value.replace(/\D/g, "");
  if (digits.length === 10) return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && digits.startsWith("1")) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  if (digits.length > 11) {
    const country = digits.slice(0, digits.length - 10);
    const rest = digits.slice(-10);
    return `+${country} ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}`;
  }
  return value;
}

/** A value fit for tel: and sms: links, or null when the number is not valid. */
export function dialablePhone(value: string | null | undefined): string | null {
  return value && isValidPhone(value) ? cleanPhone(value) : null;
}
