import { z } from "zod";
import { searchPageQuerySchema } from "./page-schema.js";
import { CONTACT_FILTERS, CONTACT_SORTS, DEFAULT_SORT, DUPLICATE_CHOICES } from "./contact-fields.js";

export * from "./contact-fields.js";

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

/** A group's id, as the list's Group selector sends it (another organization's answers 404). */
const groupId = z.string().min(1, "Group is required").max(100, "Group is not valid");

/** What a list shows: its search, chip (and month) and group. A bulk action's 'all matching' is this. */
export const contactScopeSchema = z.object({
  q: searchPageQuerySchema.shape.q,
  filter: z.enum(CONTACT_FILTERS, { error: "Filter must be all, favorites, recent or birthdays" }).default("all"),
  month: birthdayMonth,
  group: groupId.optional(),
});
export type ContactScope = z.output<typeof contactScopeSchema>;
/** A list's scope as a client sends it. */
export type ContactScopeQuery = z.input<typeof contactScopeSchema>;

export const contactListQuerySchema = searchPageQuerySchema.extend({
  ...contactScopeSchema.shape,
  sort: z.enum(CONTACT_SORTS).default(DEFAULT_SORT),
});

export const contactCountsQuerySchema = contactScopeSchema.pick({ q: true, month: true, group: true });

/** The most contacts a selection names one by one; a larger one is sent as its list's scope. */
export const BULK_IDS_MAX = 1000;

/** The contacts a bulk action applies to: those ticked, or every one its list's scope matches. */
const bulkSelection = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.string().min(1).max(100), { error: "Select at least one contact" })
        .min(1, "Select at least one contact")
        .max(BULK_IDS_MAX, `Select at most ${BULK_IDS_MAX} contacts one by one, or select all matching`),
    }),
    z.strictObject({ matching: contactScopeSchema }),
  ],
  { error: "A selection is a list of ids or the list's scope (matching)" },
);

/** The actions of the list's selection bar (exporting a selection is the export's own route). */
export const contactBulkSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("group_add"), group_id: groupId, selection: bulkSelection }),
    z.strictObject({ action: z.literal("group_remove"), group_id: groupId, selection: bulkSelection }),
    z.strictObject({ action: z.literal("favorite"), selection: bulkSelection }),
    z.strictObject({ action: z.literal("unfavorite"), selection: bulkSelection }),
    z.strictObject({ action: z.literal("trash"), selection: bulkSelection }),
  ],
  { error: "Action must be group_add, group_remove, favorite, unfavorite or trash" },
);
export type ContactBulkInput = z.output<typeof contactBulkSchema>;
export type ContactBulkAction = ContactBulkInput["action"];
/** A bulk action as a client sends it. */
export type ContactBulkRequest = z.input<typeof contactBulkSchema>;

/** The Undo of a bulk move to the trash: the time it answered (its contacts share it). */
export const bulkRestoreSchema = z.strictObject({
  deleted_at: z.iso.datetime({ error: "deleted_at must be the time the move to the trash answered" }),
});

/** The form's duplicate check: its first phone, and its first e-mail when the phone matches no one. */
export const phoneMatchQuerySchema = z.object({
  phone: z.string().max(40).default(""),
  email: z.string().max(254).optional(),
  except: z.string().max(100).optional(),
});
