import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./constants.js";
import { isValidEmail } from "./email.js";
import { searchPageQuerySchema } from "./paging.js";
import { isValidPhone } from "./phone.js";
import { sanitizeLine, sanitizeText } from "./sanitize.js";
import { CONTACT_FILTERS, CONTACT_SORTS, DEFAULT_SORT, DUPLICATE_CHOICES, PHONE_TYPES } from "./contact-fields.js";

export * from "./contact-fields.js";

export { PAGE_DEFAULT as CONTACT_PAGE_DEFAULT } from "./paging.js";

/** Said under the field, or after its name by the importer ("Notes must be at most 5000 characters"). */
const atMost = (max: number) => ({ error: `Must be at most ${max} characters` });
/** Text of at most `max` characters once sanitised (twice that is refused before the work of sanitising). */
const bounded = (max: number, sanitize: (value: string) => string) =>
  z
    .string()
    .max(max * 2, atMost(max))
    .transform(sanitize)
    .pipe(z.string().max(max, atMost(max)));
const line = (max: number) => bounded(max, sanitizeLine);
const text = (max: number) => bounded(max, sanitizeText);
/** Optional text: empty means "no value" (stored as null). Nullable rather than a union with null, so a
 * value's own issue (too long, not an address) is reported rather than "Invalid input". */
const optional = (schema: z.ZodType<string>) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : v));

const phoneType = z.enum(PHONE_TYPES);

/** Every editable field; the form and the API share it. */
export const contactFieldsSchema = z
  .object({
    first_name: line(100).default(""),
    last_name: optional(line(100)),
    company: optional(line(200)),
    email: optional(
      z
        .string()
        .trim()
        .max(EMAIL_MAX_LENGTH, "Please enter a valid email address")
        .refine((v) => v === "" || isValidEmail(v), "Please enter a valid email address"),
    ),
    phone: z
      .string({ error: "Phone number is required" })
      .trim()
      .min(1, "Phone number is required")
      .refine(isValidPhone, "Please enter a valid phone number (7-16 digits)"),
    phone_type: phoneType.default("mobile"),
    // The secondary phone is not validated (spec section 5), only sanitised.
    phone2: optional(line(40)),
    phone2_type: phoneType.default("home"),
    address: optional(text(300)),
    city: optional(line(100)),
    province_state: optional(line(100)),
    postal_zip_code: optional(line(20)),
    notes: optional(text(5000)),
    is_favorite: z.boolean().default(false),
  })
  .refine((c) => c.first_name !== "" || !!c.company, { message: "First name or company is required", path: ["first_name"] });

export type ContactFields = z.output<typeof contactFieldsSchema>;

/**
 * POST: the choice on a duplicate phone, and the contact: any data keys of the field table (lists as
 * arrays of entries) and/or the spec's flat fields, validated by the server with the organization's
 * rules (shared/contact-model/data-schema.ts).
 */
export const contactCreateSchema = z.looseObject({ on_duplicate: z.enum(DUPLICATE_CHOICES).default("merge") });

/** The highest version an edit can start from: the column is a 32-bit integer on PostgreSQL, and an edit writes version + 1. */
const EDITABLE_VERSION_MAX = 2 ** 31 - 2;

/** PATCH: the version being edited, plus any subset of the fields (validated merged with the rest). */
export const contactVersionSchema = z.looseObject({
  version: z
    .number({ error: "Contact version is required" })
    .int("Contact version is not valid")
    .min(1, "Contact version is not valid")
    .max(EDITABLE_VERSION_MAX, "Contact version is not valid"),
});

export const favoriteSchema = z.object({ is_favorite: z.boolean() });

/** The month 'birthdays' means, as the client's calendar has it ('04'); the server's otherwise. */
const birthdayMonth = z
  .string()
  .regex(/^(0[1-9]|1[0-2])$/, "month must be 01 to 12")
  .optional();

export const contactListQuerySchema = searchPageQuerySchema.extend({
  filter: z.enum(CONTACT_FILTERS).default("all"),
  sort: z.enum(CONTACT_SORTS).default(DEFAULT_SORT),
  month: birthdayMonth,
});

export const contactCountsQuerySchema = searchPageQuerySchema.pick({ q: true }).extend({ month: birthdayMonth });

export const phoneMatchQuerySchema = z.object({ phone: z.string().max(40), except: z.string().max(100).optional() });
