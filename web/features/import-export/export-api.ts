import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ContactFilter } from "@shared/contact-fields";
import { type ExportFormat, exportUrl } from "@shared/export-schemas";
import { call, client, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";

const org = client.orgs[":orgId"];

export const analyticsKeys = {
  usage: (orgId: string, from: string, to: string) => ["analytics", orgId, "usage", from, to] as const,
  audit: (orgId: string, filters: AuditFilters) => ["analytics", orgId, "audit", filters] as const,
};

export interface ExportChoice {
  format: ExportFormat;
  q?: string | undefined;
  filter?: ContactFilter | undefined;
  group?: string | undefined;
}

const exportQuery = (choice: ExportChoice) => ({
  format: choice.format,
  ...(choice.q ? { q: choice.q } : {}),
  ...(choice.filter && choice.filter !== "all" ? { filter: choice.filter } : {}),
  ...(choice.group ? { group: choice.group } : {}),
});

/** How many contacts the export would hold, and its file name, before the download starts. */
export function fetchExportSummary(orgId: string, choice: ExportChoice) {
  return call(org.export.summary.$get({ param: { orgId }, query: exportQuery(choice) }));
}

/** The download's URL: the browser fetches it itself and streams the file to disk with its own progress. */
export function exportHref(orgId: string, choice: ExportChoice): string {
  return exportUrl(orgId, exportQuery(choice));
}

export function useUsageQuery(orgId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: analyticsKeys.usage(orgId ?? "", from, to),
    queryFn: ({ signal }) => call(org.usage.$get({ param: { orgId: orgId! }, query: { from, to } }, withSignal(signal))),
    enabled: orgId !== null,
  });
}

export interface AuditFilters {
  action: string;
  user: string;
  from: string;
  to: string;
}

export function useAuditQuery(orgId: string | null, filters: AuditFilters) {
  const query = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.user ? { user: filters.user } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  return useInfiniteQuery({
    ...pagedQueryOptions(
      analyticsKeys.audit(orgId ?? "", filters),
      (page, signal) => call(org.audit.$get({ param: { orgId: orgId! }, query: { ...query, ...page } }, withSignal(signal))),
      25,
    ),
    enabled: orgId !== null,
  });
}
