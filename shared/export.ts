// Export formats, file names and the analytics views, without zod: the contact list's selection export and
// the analytics screens read these, and must not download the schemas (ADR 014).

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

/**
 * Each format its own name, so two files of one day do not take each other's place in the downloads: the
 * spec's CSV keeps spec section 9's contacts-export-YYYY-MM-DD.csv.
 */
const FILE_STEMS: Record<ExportFormat, string> = {
  csv: "contacts-export",
  "csv-full": "contacts-full",
  vcard: "contacts",
  vcard4: "contacts-vcard4",
};

/** The export's file name with the day (the server's UTC date): contacts-full-2026-11-26.csv, contacts-2026-11-26.vcf. */
export function exportFileName(format: ExportFormat, date: Date): string {
  return `${FILE_STEMS[format]}-${date.toISOString().slice(0, 10)}.${VCARD_VERSIONS[format] ? "vcf" : "csv"}`;
}

/** The export's own URL (the page navigates to it, so the browser streams the file to disk). */
export function exportUrl(organizationId: string, query: Partial<Record<"format" | "q" | "filter" | "group", string | undefined>>): string {
  const params = Object.entries(query)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return `/api/orgs/${encodeURIComponent(organizationId)}/export?${params.join("&")}`;
}

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

export interface AuditEntryView {
  id: string;
  operation: string;
  tableName: string;
  recordId: string | null;
  user: { id: string; name: string; email: string | null } | null;
  /** The API token that acted for `user` (ADR 024), else null. */
  apiToken: { id: string; name: string } | null;
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
  CONTACTS_BULK: "Contacts changed in bulk",
  ROLE_CHANGED: "Role changed",
  MEMBER_REMOVED: "Member removed",
  ACCOUNT_DELETED: "Account deleted",
  PASSWORD_RESET_BY_ADMIN: "Password reset",
  TWO_FACTOR_CLEARED_BY_ADMIN: "Two-factor turned off",
  PASSKEYS_REMOVED_BY_ADMIN: "Passkeys removed",
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
  API_TOKEN_CREATED: "API token created",
  API_TOKEN_REVOKED: "API token revoked",
  WEBHOOK_CREATED: "Webhook added",
  WEBHOOK_UPDATED: "Webhook changed",
  WEBHOOK_DELETED: "Webhook deleted",
  WEBHOOK_TESTED: "Webhook test event sent",
  WEBHOOK_DISABLED: "Webhook turned off after failing",
};
