// The answers of the main resources as zod schemas, for the OpenAPI document (GET /api/openapi.json,
// ADR 023). The wire types the presenters return stay the TypeScript interfaces beside them; the checks
// at the end of this file fail the type check when a schema and its interface part ways, and
// server/openapi.test.ts parses real answers with these schemas.
import { z } from "zod";
import { ROLES } from "./constants.js";
import { type Contact, PHONE_TYPES } from "./contact-fields.js";
import { CONTACT_KINDS } from "./contact-model/types.js";
import type { Invitation, Member } from "./member-types.js";
import { MEMBER_ACTIONS } from "./policy/member-abilities.js";

const text = z.string().nullable();
const isoTime = z.iso.datetime({ offset: true });

/** `{ error: { code, message } }`: every error our routes answer (some add fields, named at their route). */
export const errorSchema = z
  .object({
    error: z.looseObject({
      code: z.string().meta({ description: "Stable, for programs: VALIDATION, NOT_FOUND, FORBIDDEN, CONFLICT, ..." }),
      message: z.string().meta({ description: "Plain English, for people." }),
    }),
  })
  .meta({ id: "Error", example: { error: { code: "NOT_FOUND", message: "Contact not found." } } });

/** A contact as lists and writes answer it (docs/contacts.md lists the fields). */
export const contactSchema = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    kind: z.enum(CONTACT_KINDS),
    name_prefix: text,
    first_name: z.string(),
    middle_name: text,
    last_name: text,
    name_suffix: text,
    phonetic_first_name: text,
    phonetic_last_name: text,
    nickname: text,
    company: text,
    department: text,
    job_title: text,
    email: text,
    phone: text,
    phone_type: z.enum(PHONE_TYPES),
    phone2: text,
    phone2_type: z.enum(PHONE_TYPES),
    phone_e164: text,
    phone2_e164: text,
    phone_display: text,
    phone2_display: text,
    address: text,
    city: text,
    province_state: text,
    postal_zip_code: text,
    notes: text,
    birthday: text.meta({ description: "The first birthday: YYYY-MM-DD, or --MM-DD without a year." }),
    photo_etag: text.meta({ description: "The photo's version; GET .../contacts/{id}/photo?v=<photo_etag>. Null without a photo." }),
    is_favorite: z.boolean(),
    last_accessed: isoTime.nullable(),
    created_at: isoTime,
    updated_at: isoTime,
    deleted_at: isoTime.nullable(),
    version: z.int().meta({ description: "Sent back with an edit (PATCH); a newer one on the server answers 409." }),
  })
  .meta({
    id: "Contact",
    example: {
      id: "01JD3Q6W6Z8Y1K2M3N4P5Q6R7S",
      organization_id: "01JD3Q5A0B1C2D3E4F5G6H7J8K",
      kind: "person",
      name_prefix: null,
      first_name: "Ada",
      middle_name: null,
      last_name: "Lovelace",
      name_suffix: null,
      phonetic_first_name: null,
      phonetic_last_name: null,
      nickname: null,
      company: "Analytical Engines Ltd",
      department: null,
      job_title: null,
      email: "ada@example.com",
      phone: "615-390-6319",
      phone_type: "mobile",
      phone2: null,
      phone2_type: "mobile",
      phone_e164: "+16153906319",
      phone2_e164: null,
      phone_display: "(615) 390-6319",
      phone2_display: null,
      address: null,
      city: "Nashville",
      province_state: "TN",
      postal_zip_code: null,
      notes: null,
      birthday: "1815-12-10",
      photo_etag: null,
      is_favorite: false,
      last_accessed: null,
      created_at: "2026-11-27T09:30:00.000Z",
      updated_at: "2026-11-27T09:30:00.000Z",
      deleted_at: null,
      version: 1,
    },
  });

/** A create's answer: the new contact, or the one with the same phone it filled in (`merged`). */
export const contactCreatedSchema = z
  .object({
    contact: contactSchema,
    merged: z.boolean().meta({ description: "True when the phone belonged to a contact, whose empty fields were filled instead." }),
    changes: z.array(z.string()).meta({ description: "The fields a merge filled." }),
    not_applied: z.array(z.string()).meta({ description: "Fields a merge left as they were (the contact already had a value)." }),
  })
  .meta({ id: "ContactCreated" });

/** One entry of a list field (phones, emails, addresses, urls, dates, custom_fields): its parts, type and label. */
const entrySchema = z.looseObject({ type: z.string(), label: text });

/** A contact with every list and the lines from devices without a field (GET .../contacts/{id}). */
export const contactDetailSchema = contactSchema
  .extend({
    phones: z.array(entrySchema),
    emails: z.array(entrySchema),
    addresses: z.array(entrySchema),
    urls: z.array(entrySchema),
    dates: z.array(entrySchema),
    custom_fields: z.array(entrySchema),
    extras: z.array(z.object({ name: z.string(), params: z.record(z.string(), z.string()), value: z.string() })),
  })
  .meta({ id: "ContactDetail" });

/** Every paged list: `{ items, nextCursor }`, the cursor null on the last page. */
const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().meta({ description: "The next page's `cursor`; null on the last page." }),
    })
    .meta({ id });

export const contactPageSchema = pageOf(contactSchema, "ContactPage");

export const groupRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: text,
    organization_id: z.string(),
    created_at: isoTime,
    updated_at: isoTime,
  })
  .meta({ id: "Group", example: { id: "01JD3R0000000000000000000G", name: "Suppliers", description: null } });

export const groupPageSchema = pageOf(groupRecordSchema.extend({ member_count: z.int() }).meta({ id: "GroupWithCount" }), "GroupPage");

const importLine = z.object({ row: z.string(), message: z.string() });

/** An import run as the Import screen follows it (GET .../imports/{id}, polled while `running`). */
export const importRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(["running", "done", "failed", "interrupted"]),
    format: z.enum(["csv", "vcard", "native"]),
    fileName: z.string(),
    mode: z.enum(["fill", "update", "skip"]),
    total: z.int(),
    processed: z.int(),
    imported: z.int(),
    merged: z.int(),
    skipped: z.int(),
    failed: z.int(),
    errors: z.array(importLine),
    notices: z.array(importLine),
    leftOut: z.array(z.object({ source: z.string(), values: z.int() })),
    groups: z.object({ created: z.int(), added: z.int() }).nullable(),
    createdAt: isoTime,
    finishedAt: isoTime.nullable(),
    undoneAt: isoTime.nullable(),
    undoReport: z
      .object({
        trashed: z.int(),
        restored: z.int(),
        editedSince: z.array(z.object({ id: z.string(), name: z.string() })),
        leftGroups: z.int().optional(),
      })
      .nullable(),
    canUndo: z.boolean(),
  })
  .meta({ id: "ImportRun" });

export const importRunPageSchema = pageOf(importRunSchema, "ImportRunPage");

const abilitySchema = z.union([
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), show: z.boolean(), reason: z.string() }),
]);

export const memberSchema = z
  .object({
    id: z.string().meta({ description: "The user's id." }),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    created_at: isoTime.nullable(),
    isOwner: z.boolean(),
    twoFactor: z.boolean(),
    abilities: z
      .object(
        Object.fromEntries(Object.keys(MEMBER_ACTIONS).map((key) => [key, abilitySchema])) as Record<
          keyof typeof MEMBER_ACTIONS,
          typeof abilitySchema
        >,
      )
      .meta({ description: "What the caller may do to this member, by the organization's policy." }),
  })
  .meta({ id: "Member" });

export const memberPageSchema = pageOf(memberSchema, "MemberPage");

export const invitationSchema = z
  .object({ id: z.string(), email: z.string(), role: z.enum(ROLES), created_at: isoTime, expires_at: isoTime, canWithdraw: z.boolean() })
  .meta({ id: "Invitation" });

// Compile-time checks: each schema's output is exactly the interface the presenter returns.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrees = <T extends true>(check: T) => check;
agrees<Same<z.output<typeof contactSchema>, Contact>>(true);
agrees<Same<z.output<typeof memberSchema>, Member>>(true);
agrees<Same<z.output<typeof invitationSchema>, Invitation>>(true);
