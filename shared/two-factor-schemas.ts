import { z } from "zod";

/** A code from an authenticator app: six digits (spaces, as some apps show them, are dropped). */
const totpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A recovery code as shown once at enrolment (xxxxx-xxxxx). */
const recoveryCode = z
  .string()
  .max(40)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, "Enter a recovery code"));

const password = z.string().min(1, "Password is required").max(1000);

/** Settings > Security: turning two-factor on, or new recovery codes. */
export const twoFactorPasswordSchema = z.object({ password });
/** Settings > Security: the first code from the app confirms the enrolment. */
export const twoFactorConfirmSchema = z.object({ code: totpCode });
/** Settings > Security: turning two-factor off. */
export const twoFactorDisableSchema = z.object({ password, code: totpCode });

/** The sign-in's second step with a code from the app. */
const twoFactorVerifyCodeSchema = z.object({ code: totpCode, trustDevice: z.boolean().optional() });
/** The sign-in's second step with one recovery code (it works once). */
const twoFactorVerifyBackupSchema = z.object({ backupCode: recoveryCode, trustDevice: z.boolean().optional() });

/** The second step's schema for this body: a `backupCode` field means a recovery code. */
export const twoFactorVerifySchemaFor = (body: unknown) =>
  body !== null && typeof body === "object" && "backupCode" in body ? twoFactorVerifyBackupSchema : twoFactorVerifyCodeSchema;
