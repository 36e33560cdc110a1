import { isValidDateValue } from "../../shared/contact-model/schemas.js";

// Dates as vCard products write them, to the field table's form (YYYY-MM-DD, or --MM-DD without a
// year) and back: 3.0 cards use ISO's extended form (1980-04-15), 4.0 its basic one (19800415, --0415),
// and Apple marks a birthday without a year by a made-up year named in X-APPLE-OMIT-YEAR.

const WITH_YEAR = /^(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:.,+-]*Z?)?$/i;
const WITHOUT_YEAR = /^--(\d{2})-?(\d{2})(?:T[\d:.,+-]*Z?)?$/i;

/** Apple's stand-in year for a date without one (X-APPLE-OMIT-YEAR=1604). */
export const APPLE_OMIT_YEAR = "1604";

/**
 * A written date as YYYY-MM-DD or --MM-DD: 19800415, 1980-04-15, --0415, --04-15, each with a time part
 * or not; a year equal to `omitYear` (Apple's X-APPLE-OMIT-YEAR) is no year. Null for anything else
 * (text, a day without a month, a day that does not exist).
 */
export function readDate(written: string, omitYear?: string): string | null {
  const text = written.trim();
  let value: string | null = null;
  const full = WITH_YEAR.exec(text);
  if (full) value = full[1] === omitYear ? `--${full[2]}-${full[3]}` : `${full[1]}-${full[2]}-${full[3]}`;
  const partial = full ? null : WITHOUT_YEAR.exec(text);
  if (partial) value = `--${partial[1]}-${partial[2]}`;
  return value !== null && isValidDateValue(value) ? value : null;
}

/** A date's value and parameters as a card of `version` writes it. */
export function writtenDate(value: string, version: "3.0" | "4.0"): { params: string; value: string } {
  const noYear = value.startsWith("--");
  if (version === "4.0") return { params: "", value: noYear ? `--${value.slice(2).replace("-", "")}` : value.replace(/-/g, "") };
  return noYear ? { params: `;X-APPLE-OMIT-YEAR=${APPLE_OMIT_YEAR}`, value: `${APPLE_OMIT_YEAR}${value.slice(1)}` } : { params: "", value };
}
