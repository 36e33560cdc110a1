import { z } from "zod";
import { MERGE_CHOICE_KEYS } from "./contact-model/merge-contacts.js";

/** How many contacts one merge folds into the kept one. */
export const MERGE_MAX = 20;

const contactId = z.string().min(1).max(100);

/** POST /contacts/merge: the contact kept, those merged into it, and per single field whose value to take. */
export const contactMergeSchema = z
  .object({
    keepId: contactId,
    mergeIds: z
      .array(contactId)
      .min(1, "Choose at least one contact to merge")
      .max(MERGE_MAX, `At most ${MERGE_MAX} contacts merge at once`),
    choices: z.partialRecord(z.enum(MERGE_CHOICE_KEYS), contactId).optional(),
  })
  .refine((b) => !b.mergeIds.includes(b.keepId) && new Set(b.mergeIds).size === b.mergeIds.length, {
    message: "Each contact can be merged once, and not into itself",
  });

export type ContactMergeInput = z.infer<typeof contactMergeSchema>;

/** Why contacts are listed together under Duplicates, as the screen says it. */
export const DUPLICATE_REASONS = { email: "Same e-mail", phone: "Same phone", name: "Same name" } as const;
export type DuplicateKind = keyof typeof DUPLICATE_REASONS;
