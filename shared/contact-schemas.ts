import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./constants.js";
import { isValidEmail } from "./email.js";
import { searchPageQuerySchema } from "./paging.js";
import { isValidPhone } from "./phone.js";
import { sanitizeLine, sanitizeText } from "./sanitize.js";

export const PHONE_TYPES = [
  "mobile",
  "home",
  "work",
  "other",
  "custom",
  "fax_work",
  "fax_home",
  "pager",
  "callback",
  "car",
  "company_main",
  "isdn",
  "main",
  "other_fax",
  "radio",
  "telex",
  "tty_tdd",
  "work_mobile",
  "work_pager",
  "assistant",
  "mms",
] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

export const CONTACT_FILTERS = ["all", "favorites", "recent"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const CONTACT_SORTS = ["name", "first_name", "last_name", "recent", "favorite", "created", "updated"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export const DEFAULT_SORT: ContactSort = "last_name";
export const RECENT_DAYS = 3;
export { PAGE_DEFAULT as CONTACT_PAGE_DEFAULT } from "./paging.js";
/** Filter and search counts stop at this; the API answers COUNT_CAP + 1 for "more than COUNT_CAP". */
export const COUNT_CAP = 20_000;

const line = (max: number) =>
  z
    .string()
    .max(max * 2)
    .transform(sanitizeLine)
    .pipe(z.string().max(max));
const text = (max: number) =>
  z
    .string()
    .max(max * 2)
    .transform(sanitizeText)
    .pipe(z.string().max(max));
/** Optional text: empty means "no value" (stored as null). */
const optional = (schema: z.ZodType<string>) =>
  z
    .union([schema, z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === "" ? null : v));

const phoneType = z.enum(PHONE_TYPES);

/** Every editable field; the form and the API share it. */
export const contactFieldsSchema = z
  .object({
    first_name: z.string().max(200).transform(sanitizeLine).pipe(z.string().max(100)).default(""),
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
 * What a create does when the phone already belongs to a contact: "merge" fills that contact's empty
 * fields (the spec's create-or-merge, the default for API clients), "new" adds the person anyway (a
 * shared landline), "ask" changes nothing and answers 409 DUPLICATE_PHONE naming the contact (the form).
 */
export const DUPLICATE_CHOICES = ["merge", "new", "ask"] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

export const contactCreateSchema = z.intersection(
  z.object({ on_duplicate: z.enum(DUPLICATE_CHOICES).default("merge") }),
  contactFieldsSchema,
);

/** The contact a phone number already belongs to. */
export interface PhoneMatch {
  id: string;
  name: string;
  phone: string | null;
}

/** PATCH: the version being edited, plus any subset of the fields (validated merged with the rest). */
export const contactVersionSchema = z.looseObject({
  version: z.number({ error: "Contact version is required" }).int().min(1),
});

export const EDITABLE_FIELDS = [
  "first_name",
  "last_name",
  "company",
  "email",
  "phone",
  "phone_type",
  "phone2",
  "phone2_type",
  "address",
  "city",
  "province_state",
  "postal_zip_code",
  "notes",
  "is_favorite",
] as const satisfies readonly (keyof ContactFields)[];

export const favoriteSchema = z.object({ is_favorite: z.boolean() });

export const contactListQuerySchema = searchPageQuerySchema.extend({
  filter: z.enum(CONTACT_FILTERS).default("all"),
  sort: z.enum(CONTACT_SORTS).default(DEFAULT_SORT),
});

export const contactCountsQuerySchema = searchPageQuerySchema.pick({ q: true });

export const phoneMatchQuerySchema = z.object({ phone: z.string().max(40), except: z.string().max(100).optional() });

/** The stored columns for validated fields: absent optional values become null. */
export function contactColumns(f: ContactFields) {
  return {
    first_name: f.first_name,
    last_name: f.last_name ?? null,
    company: f.company ?? null,
    email: f.email ?? null,
    phone: f.phone,
    phone_type: f.phone_type,
    phone2: f.phone2 ?? null,
    phone2_type: f.phone2_type,
    address: f.address ?? null,
    city: f.city ?? null,
    province_state: f.province_state ?? null,
    postal_zip_code: f.postal_zip_code ?? null,
    notes: f.notes ?? null,
    is_favorite: f.is_favorite,
  };
}

/** A contact as the API returns it (times are ISO strings); the server's presenter and the web share it. */
export interface Contact extends Omit<ReturnType<typeof contactColumns>, "phone"> {
  id: string;
  organization_id: string;
  /** Imports of older data may lack one; the form requires it. */
  phone: string | null;
  /** The phones in E.164 (+16153906319), when they can be read as numbers; phone and phone2 are as typed. */
  phone_e164: string | null;
  phone2_e164: string | null;
  last_accessed: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  version: number;
}
