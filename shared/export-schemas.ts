import { z } from "zod";
import { FIRST_DAY, LAST_DAY, isCalendarDay, isCalendarMonth, isDayFormat, isMonthFormat } from "./calendar.js";
import { CONTACT_FILTERS } from "./contact-schemas.js";
import { EXPORT_FORMATS } from "./export.js";
import { pageQuerySchema } from "./page-schema.js";

/** What to export: the whole book, the list's current search and filter, or one group. */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "Format must be csv, csv-full, vcard or vcard4" }).default("csv"),
  q: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
  filter: z.enum(CONTACT_FILTERS, { error: "Filter must be all, favorites or recent" }).default("all"),
  group: z.string().max(100).optional(),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

const period = z
  .string()
  .refine(isMonthFormat, { message: "A period is written YYYY-MM", abort: true })
  .refine(isCalendarMonth, {
    error: (issue) => `${String(issue.input)} is not a month from ${FIRST_DAY.slice(0, 7)} to ${LAST_DAY.slice(0, 7)}`,
  });

/** Months from and to (inclusive); by default the last twelve. */
export const usageQuerySchema = z
  .object({ from: period.optional(), to: period.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "'from' must not be after 'to'" });

/** A UTC day: the format first (its own message), then a day that exists. */
const day = z
  .string()
  .refine(isDayFormat, { message: "A date is written YYYY-MM-DD", abort: true })
  .refine(isCalendarDay, { error: (issue) => `${String(issue.input)} is not a date from ${FIRST_DAY} to ${LAST_DAY}` });

/** The audit log's filters and paging (newest first). */
export const auditQuerySchema = pageQuerySchema
  .extend({
    action: z
      .string()
      .max(60)
      .regex(/^[A-Z_]+$/, "Unknown action")
      .optional(),
    user: z.string().max(100).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "'from' must not be after 'to'" });
export type AuditQuery = z.output<typeof auditQuerySchema>;
