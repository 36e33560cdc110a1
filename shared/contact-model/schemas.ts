// The zod schemas of the contact's data, derived from the field table (fields.ts): the API, the form and
// the importer validate with these, so a limit or a type is changed in one place.
import { z } from "zod";
import { isValidEmail } from "../email.js";
import { isValidPhone } from "../phone-no-library.js";
import { sanitizeLine, sanitizeText } from "../sanitize.js";
import { ENTRY_LABEL_MAX, type EntryPart, LIST_FIELDS, type ListKey, SINGLE_FIELDS, type SingleKey, type TextKind } from "./fields.js";
import { CONTACT_KINDS } from "./types.js";

const atMost = (max: number) => ({ error: `Must be at most ${max} characters` });

/** Text of at most `max` characters once sanitised (twice that is refused before the work of sanitising). */
export const boundedText = (kind: TextKind, max: number) =>
  z
    .string()
    .max(max * 2, atMost(max))
    .transform(kind === "line" ? sanitizeLine : sanitizeText)
    .pipe(z.string().max(max, atMost(max)));

/** Optional text: empty means "no value" (null). */
const optionalText = (kind: TextKind, max: number) =>
  boundedText(kind, max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === "" ? null : v));

const DATE_VALUE = /^(\d{4}|-)-(\d{2})-(\d{2})$/;

/**
 * A date as vCard writes it: YYYY-MM-DD, or --MM-DD when the year is unknown. The day must exist (29
 * February only in a leap year, or without a year).
 */
export function isValidDateValue(value: string): boolean {
  const match = DATE_VALUE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  const y = year === "-" ? 2000 : Number(year);
  const date = new Date(Date.UTC(y, Number(month) - 1, Number(day)));
  return date.getUTCFullYear() === y && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** Web addresses people follow: http(s), or a bare host that gets https:// in front when shown. */
export function isSafeUrl(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === "http" || scheme === "https" || scheme === "mailto" || scheme === "tel";
}

/** What each list's main value must be, beyond its length. */
const VALUE_RULES: Partial<Record<ListKey, { test: (v: string) => boolean; message: string }>> = {
  emails: { test: isValidEmail, message: "Please enter a valid email address" },
  urls: { test: isSafeUrl, message: "Please enter a web address (http or https)" },
  dates: { test: isValidDateValue, message: "Please enter a date as YYYY-MM-DD (or --MM-DD without a year)" },
};

function partSchema(list: ListKey, part: EntryPart) {
  if (part.key !== "value") return optionalText(part.kind, part.max);
  const rule = VALUE_RULES[list];
  const text = boundedText(part.kind, part.max).pipe(z.string().min(1, "Enter a value or remove the row"));
  if (!rule) return text;
  // Checked as written too: the sanitiser turns 'javascript:alert(1)' into an innocent-looking 'alert(1)'.
  return z.string().refine(rule.test, rule.message).pipe(text).refine(rule.test, rule.message);
}

function entrySchema(field: (typeof LIST_FIELDS)[number]) {
  const parts = Object.fromEntries(field.parts.map((part) => [part.key, partSchema(field.key, part)]));
  const entry = z.object({
    ...parts,
    type: z
      .enum(field.types as unknown as [string, ...string[]], {
        error: (issue) => `Unknown ${field.label.toLowerCase()} type '${String(issue.input)}'`,
      })
      .default(field.defaultType),
    label: optionalText("line", ENTRY_LABEL_MAX),
  });
  // An address needs one part; the others need their value (checked above).
  return field.key === "addresses"
    ? entry.refine((e) => field.parts.some((p) => (e as Record<string, unknown>)[p.key]), "Enter an address or remove the row")
    : entry;
}

/** Each list field's schema of one entry. */
export const ENTRY_SCHEMAS = Object.fromEntries(LIST_FIELDS.map((field) => [field.key, entrySchema(field)])) as unknown as Record<
  ListKey,
  z.ZodType<Record<string, unknown>>
>;

/** Each list field's schema: its entries, at most maxEntries of them. */
export const LIST_SCHEMAS = Object.fromEntries(
  LIST_FIELDS.map((field) => [
    field.key,
    z.array(ENTRY_SCHEMAS[field.key]).max(field.maxEntries, `At most ${field.maxEntries} ${field.label.toLowerCase()} entries`),
  ]),
) as unknown as Record<ListKey, z.ZodType<Record<string, unknown>[]>>;

/** Each single field's schema (first_name is '' when empty, as the spec stores it). */
export const SINGLE_SCHEMAS = Object.fromEntries(
  SINGLE_FIELDS.map((field) => [
    field.key,
    field.key === "first_name" ? boundedText(field.kind, field.max).default("") : optionalText(field.kind, field.max),
  ]),
) as unknown as Record<SingleKey, z.ZodType<string | null>>;

export const contactKindSchema = z.enum(CONTACT_KINDS);

/** The first phone keeps the spec's rule (7-16 digits, no leading zero); the others are kept as written. */
export const firstPhoneRule = { test: isValidPhone, message: "Please enter a valid phone number (7-16 digits)" };
