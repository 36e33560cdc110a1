import { z } from "zod";
import { sanitizeLine } from "./sanitize.js";

export const PASSKEY_NAME_MAX_LENGTH = 100;

/** A passkey's name in Settings > Security, such as "Work laptop". */
const passkeyName = z
  .string()
  .transform(sanitizeLine)
  .pipe(z.string().min(1, "Name is required").max(PASSKEY_NAME_MAX_LENGTH, `Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`));

/** Renaming a passkey. */
export const passkeyRenameSchema = z.object({ name: passkeyName });

/** Finishing 'Add a passkey': the authenticator's answer (checked by the plugin) and the name. */
export const passkeyRegisterSchema = z.object({ response: z.record(z.string(), z.unknown()), name: passkeyName });

/** Finishing 'Sign in with a passkey': the authenticator's answer (checked by the plugin). */
export const passkeySignInSchema = z.object({ response: z.record(z.string(), z.unknown()) });

/** One passkey as Settings > Security lists it. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  deviceType: string;
  backedUp: boolean;
}
