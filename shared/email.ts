import { EMAIL_MAX_LENGTH } from "./constants.js";

// Characters an address may not hold anywhere: whitespace, control characters (NUL included), angle
// brackets and the other separators of RFC 5322's display syntax, so an address is never markup.
const PART = String.raw`[^\s@<>()\[\]\\,;:"\u0000-\u001f\u007f]`;
const LABEL = String.raw`[^\s@.<>()\[\]\\,;:"\u0000-\u001f\u007f]`;

/**
 * The spec's "simple {email} shape": something@host. A dotless host is allowed because the first-run
 * admin is admin@localhost and self-hosted installs use intranet names.
 */
const EMAIL_SHAPE = new RegExp(`^${PART}+@${LABEL}+(\\.${LABEL}+)*$`);

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(value);
}
