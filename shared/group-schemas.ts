import { z } from "zod";
import { sanitizeLine, sanitizeText } from "./sanitize.js";

/** The longest group name, after sanitising (an import's labels follow the same rule). */
export const GROUP_NAME_MAX = 100;

/** The key groups are ordered and matched by: an import finds a label's group by it, whatever its case. */
export const groupNameKey = (name: string) => name.toLowerCase();

export const groupSchema = z.object({
  name: z
    .string({ error: "Group name is required" })
    .max(200)
    .transform(sanitizeLine)
    .pipe(z.string().min(1, "Group name is required").max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`)),
  description: z
    .union([z.string().max(2000).transform(sanitizeText).pipe(z.string().max(1000)), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const addGroupMembersSchema = z.object({
  contact_ids: z.array(z.string().min(1).max(100)).min(1, "Select at least one contact").max(500, "Add at most 500 contacts at a time"),
});
