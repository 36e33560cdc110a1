import { z } from "zod";
import { sanitizeLine } from "./sanitize.js";

export const APP_PASSWORD_NAME_MAX_LENGTH = 100;
/** More would be forgotten devices; revoking one makes room. */
export const APP_PASSWORDS_MAX = 50;

/** Settings > Security > App passwords: a name for the device, such as "Jane's iPhone". */
export const appPasswordCreateSchema = z.object({
  name: z
    .string()
    .transform(sanitizeLine)
    .pipe(
      z
        .string()
        .min(1, "Name is required")
        .max(APP_PASSWORD_NAME_MAX_LENGTH, `Name must be at most ${APP_PASSWORD_NAME_MAX_LENGTH} characters`),
    ),
});

export interface AppPasswordSummary {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
