import { z } from "zod";
import { searchPageQuerySchema } from "./paging.js";
import { CONTACT_FILTERS, CONTACT_SORTS, DEFAULT_SORT, DUPLICATE_CHOICES } from "./contact-fields.js";

export * from "./contact-fields.js";

export { PAGE_DEFAULT as CONTACT_PAGE_DEFAULT } from "./paging.js";

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

/** The form's duplicate check: its first phone, and its first e-mail when the phone matches no one. */
export const phoneMatchQuerySchema = z.object({
  phone: z.string().max(40).default(""),
  email: z.string().max(254).optional(),
  except: z.string().max(100).optional(),
});
