import { z } from "zod";
import { DEFAULT_ROLE, ROLES, USER_NAME_MIN_LENGTH } from "./constants.js";
import { isValidEmail } from "./email.js";
import { sanitizeLine } from "./sanitize.js";

export const organizationNameSchema = z.object({
  name: z
    .string()
    .transform(sanitizeLine)
    .pipe(z.string().min(1, "Organization name cannot be empty").max(100, "Organization name must be at most 100 characters")),
});

/** PATCH /api/orgs/:orgId: a new name, the staff sync setting, the phone rule, the two-factor rule, or several (owner and admins). */
export const updateOrganizationSchema = z
  .object({
    name: organizationNameSchema.shape.name.optional(),
    staffCardDav: z.boolean({ error: "staffCardDav must be true or false" }).optional(),
    requirePhone: z.boolean({ error: "requirePhone must be true or false" }).optional(),
    requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }).optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.staffCardDav !== undefined || v.requirePhone !== undefined || v.requireTwoFactor !== undefined,
    "Nothing to change",
  );

const memberName = z
  .string()
  .transform(sanitizeLine)
  .pipe(z.string().min(USER_NAME_MIN_LENGTH, "Name must be at least 2 characters").max(100, "Name must be less than 100 characters"));

/** Add user: e-mail required and valid, name optional (2+ when given), role defaults to staff. */
export const addMemberSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Email is required")
    .refine(isValidEmail, "Email is invalid")
    .transform((v) => v.toLowerCase()),
  name: z.union([z.literal("").transform(() => undefined), memberName]).optional(),
  role: z.enum(ROLES).default(DEFAULT_ROLE),
});

export const updateMemberSchema = z
  .object({ name: memberName.optional(), role: z.enum(ROLES).optional() })
  .refine((v) => v.name !== undefined || v.role !== undefined, "Nothing to change");

export const userSearchSchema = z.object({
  q: z.string().trim().min(1, "Please enter a search term").max(100),
});
