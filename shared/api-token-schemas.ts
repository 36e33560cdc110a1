import { z } from "zod";
import { API_SCOPES, API_TOKEN_NAME_MAX_LENGTH } from "./api-tokens.js";
import { sanitizeLine } from "./sanitize.js";

/** POST /api/orgs/:orgId/api-tokens: a name for the integration, its scopes and, if wanted, when it stops working. */
export const apiTokenCreateSchema = z.object({
  name: z
    .string()
    .transform(sanitizeLine)
    .pipe(
      z.string().min(1, "Name is required").max(API_TOKEN_NAME_MAX_LENGTH, `Name must be at most ${API_TOKEN_NAME_MAX_LENGTH} characters`),
    ),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Scopes must be among ${API_SCOPES.join(", ")}` }))
    .min(1, "Choose at least one scope")
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, "Each scope may be given once"),
  expiresAt: z.iso
    .datetime({ offset: true, error: "The expiry must be a date and time such as 2027-01-31T23:59:59Z" })
    .nullish()
    .refine((v) => v == null || Date.parse(v) > Date.now(), "The expiry must be in the future"),
});
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateSchema>;
