import { z } from "zod";
import { sanitizeLine, sanitizeText } from "./sanitize.js";

export const groupSchema = z.object({
  name: z
    .string({ error: "Group name is required" })
    .max(200)
    .transform(sanitizeLine)
    .pipe(z.string().min(1, "Group name is required").max(100, "Group name must be at most 100 characters")),
  description: z
    .union([z.string().max(2000).transform(sanitizeText).pipe(z.string().max(1000)), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
});

export const addGroupMembersSchema = z.object({
  contact_ids: z.array(z.string().min(1).max(100)).min(1, "Select at least one contact").max(500, "Add at most 500 contacts at a time"),
});
