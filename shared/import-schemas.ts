import { z } from "zod";
import { PHONE_TYPES } from "./contact-schemas.js";
import { importEncodingSchema } from "./import-encodings.js";
import { IMPORT_MAX_COLUMNS } from "./import-limits.js";

/** What a column of a CSV file can fill (or 'ignore'). */
export const IMPORT_TARGETS = [
  "ignore",
  "first_name",
  "last_name",
  "full_name",
  "company",
  "email",
  "phone",
  "phone_type",
  "phone2",
  "phone2_type",
  "address",
  "city",
  "province_state",
  "postal_zip_code",
  "notes",
] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];

export const IMPORT_TARGET_LABELS: Record<ImportTarget, string> = {
  ignore: "Ignore",
  first_name: "First name",
  last_name: "Last name",
  full_name: "Full name",
  company: "Company",
  email: "E-mail",
  phone: "Phone",
  phone_type: "Phone type",
  phone2: "Second phone",
  phone2_type: "Second phone type",
  address: "Address",
  city: "City",
  province_state: "Province/State",
  postal_zip_code: "Postal/Zip code",
  notes: "Notes",
};

/** One column's target; a phone column may carry the type its header implies (e.g. 'Mobile Phone'). */
export const columnMappingSchema = z.object({
  target: z.enum(IMPORT_TARGETS),
  phoneType: z.enum(PHONE_TYPES).optional(),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const mappingSchema = z.array(columnMappingSchema).max(IMPORT_MAX_COLUMNS, `A file may have at most ${IMPORT_MAX_COLUMNS} columns`);

/** What to do with a row whose phone already belongs to a contact (asked once per run). */
export const IMPORT_MODES = ["fill", "update", "skip"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  fill: "Fill only empty fields of the existing contact",
  update: "Update the existing contact with the file's values",
  skip: "Skip the row",
};

/** Spec section 9. */
export const IMPORT_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const IMPORT_ACCEPTED = [".csv", ".vcf"] as const;

/** The form fields of a preview besides the file: the encoding the person chose (detected without it). */
export const previewOptionsSchema = z.object({ encoding: importEncodingSchema.optional() });

/** The form fields of an import besides the file; multipart sends text. */
export const importOptionsSchema = previewOptionsSchema.extend({
  mapping: z
    .string()
    .max(100_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return undefined;
      try {
        const parsed = mappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid column mapping" });
      } catch {
        ctx.addIssue({ code: "custom", message: "The column mapping must be JSON" });
      }
      return z.NEVER;
    }),
  hasHeader: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  mode: z.enum(IMPORT_MODES).default("fill"),
});

/** A contact picked on the phone (Contact Picker API: arrays of names, numbers and addresses). */
export const nativeContactSchema = z.object({
  name: z.array(z.string().max(300)).max(10).optional(),
  tel: z.array(z.string().max(100)).max(20).optional(),
  email: z.array(z.string().max(300)).max(20).optional(),
});

export const nativeImportSchema = z.object({
  contacts: z.array(nativeContactSchema).max(10_000, "Import at most 10,000 contacts at a time"),
  mode: z.enum(IMPORT_MODES).default("fill"),
});
