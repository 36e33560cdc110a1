import { z } from "zod";
import { FIRST_DAY, LAST_DAY, isCalendarDay, isCalendarMonth, isDayFormat, isMonthFormat } from "./calendar.js";
import { CONTACT_FILTERS } from "./contact-schemas.js";
import { pageQuerySchema } from "./paging.js";

/** The spec's CSV (five columns), a CSV with every field, and vCard 3.0 and 4.0 for address books. */
export const EXPORT_FORMATS = ["csv", "csv-full", "vcard", "vcard4"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: "CSV (first name, last name, phone, e-mail, notes)",
  "csv-full": "Full CSV (every field)",
  vcard: "vCard 3.0 (phones and address books)",
  vcard4: "vCard 4.0 (newer address books)",
};

/** The vCard version of a vCard format. */
export const VCARD_VERSIONS: Partial<Record<ExportFormat, "3.0" | "4.0">> = { vcard: "3.0", vcard4: "4.0" };

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

/** The file name of spec section 9: contacts-export-YYYY-MM-DD.csv (.vcf for vCard), the server's UTC date. */
export function exportFileName(format: ExportFormat, date: Date): string {
  return `contacts-export-${date.toISOString().slice(0, 10)}.${VCARD_VERSIONS[format] ? "vcf" : "csv"}`;
}

/** The export's own URL (the page navigates to it, so the browser streams the file to disk). */
export function exportUrl(organizationId: string, query: Partial<Record<"format" | "q" | "filter" | "group", string | undefined>>): string {
  const params = Object.entries(query)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return `/api/orgs/${encodeURIComponent(organizationId)}/export?${params.join("&")}`;
}

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

export interface UsageCounts {
  imports: number;
  exports: number;
  searches: number;
}
export interface UsageReport {
  from: string;
  to: string;
  /** Every month of the range, oldest first, with the organization's totals (zeros included). */
  months: (UsageCounts & { period: string })[];
  /** Per person and month, only where something was counted. */
  people: (UsageCounts & { period: string; userId: string; name: string; email: string | null })[];
}

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

export interface AuditEntryView {
  id: string;
  operation: string;
  tableName: string;
  recordId: string | null;
  user: { id: string; name: string; email: string | null } | null;
  oldData: unknown;
  newData: unknown;
  createdAt: string;
}

/** The operations the audit log records, for the screen's filter. */
export const AUDIT_ACTIONS: Record<string, string> = {
  EXPORT_SUCCESS: "Export",
  EXPORT_DENIED: "Export denied",
  EXPORT_FAILED: "Export interrupted",
  IMPORT_COMPLETED: "Import",
  IMPORT_UNDONE: "Import undone",
  CONTACTS_MERGED: "Contacts merged",
  CONTACTS_MERGE_UNDONE: "Contact merge undone",
  ROLE_CHANGED: "Role changed",
  MEMBER_REMOVED: "Member removed",
  ACCOUNT_DELETED: "Account deleted",
  PASSWORD_RESET_BY_ADMIN: "Password reset",
  PASSWORD_RESET_EMAIL_SENT: "Password reset e-mail",
  MEMBER_INVITED: "Member invited",
  INVITATION_WITHDRAWN: "Invitation withdrawn",
  INVITATION_ACCEPTED: "Invitation accepted",
  INVITATION_DECLINED: "Invitation declined",
  ORGANIZATION_RENAMED: "Organization renamed",
  ORGANIZATION_SETTINGS_CHANGED: "Organization settings changed",
  CARDDAV_SYNC: "Device sync",
  ORGANIZATION_DELETED: "Organization deleted",
  CONTACT_CREATED: "Contact created",
  CONTACT_UPDATED: "Contact edited",
  CONTACT_DELETED: "Contact moved to trash",
  CONTACT_RESTORED: "Contact restored",
  CONTACT_PURGED: "Contact deleted permanently",
};
