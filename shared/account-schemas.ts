import { z } from "zod";
import { PROFILE_NAME_MAX_LENGTH } from "./constants.js";
import { emailSchema } from "./email-schema.js";
import { SETTINGS_MIN_LENGTH, evaluateResetPassword } from "./password.js";
import { sanitizeLine } from "./sanitize.js";

/** Settings > Profile. The name is sanitised before the length rules apply. */
export const profileSchema = z.object({
  name: z
    .string()
    .transform(sanitizeLine)
    .pipe(z.string().min(1, "Name is required").max(PROFILE_NAME_MAX_LENGTH, "Name must be less than 100 characters")),
});

/** Settings > Password (server side: the confirmation is checked by the form). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: z
    .string()
    .min(SETTINGS_MIN_LENGTH, "Password must be at least 8 characters")
    .max(128, "Password must be at most 128 characters")
    .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, "Password must contain at least one uppercase letter, one lowercase letter, and one number"),
});

/** Settings > Password form, with the confirmation field. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .max(128)
    .refine((p) => evaluateResetPassword(p).valid, "Please enter a valid password that meets all requirements"),
});

/** The invitation page: the person's name, and a first password under the reset rule. */
export const joinInvitationSchema = resetPasswordSchema.extend({ name: profileSchema.shape.name });

export const tokenSchema = z.object({ token: z.string().min(1).max(2000) });

export const forgotPasswordSchema = z.object({ email: emailSchema });
