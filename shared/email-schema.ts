import { z } from "zod";
import { isValidEmail } from "./email.js";

// Apart from email.ts so that screens checking an address (the sign-in page) do not load zod.
export const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .refine(isValidEmail, "Please enter a valid email address")
  .transform((v) => v.toLowerCase());
