import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./constants.js";

/**
 * The spec's "simple {email} shape": something@host. A dotless host is allowed because the first-run
 * admin is admin@localhost and self-hosted installs use intranet names.
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(value);
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .refine(isValidEmail, "Please enter a valid email address")
  .transform((v) => v.toLowerCase());
