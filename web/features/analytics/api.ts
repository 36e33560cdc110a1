import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { call, client, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";

const org = client.orgs[":orgId"];

const analyticsKeys = {
  usage: (orgId: string, from: string, to: string) => ["analytics", orgId, "usage", from, to] as const,
  audit: (orgId: string, filters: AuditFilters) => ["analytics", orgId, "audit", filters] as const,
};

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
