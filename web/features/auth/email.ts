/** The spec's "simple {email} shape": something@something.tld, no spaces, at most 254 characters. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_SHAPE.test(value);
}
