import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, withSignal } from "@/api";
import type { ApiScope } from "@shared/api-tokens";

export const apiTokenKeys = { list: (orgId: string) => ["api-tokens", orgId] as const };

export interface ApiTokenInput {
  name: string;
  scopes: ApiScope[];
  expiresAt: string | null;
}

/** The organization's API tokens (owner and admins), with their last use; never their secrets. */
export function useApiTokensQuery(orgId: string) {
  return useQuery({
    queryKey: apiTokenKeys.list(orgId),
    queryFn: ({ signal }) => call(client.orgs[":orgId"]["api-tokens"].$get({ param: { orgId } }, withSignal(signal))),
  });
}

/** Creates a token; its secret is in this answer only. */
export function useApiTokenCreateMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenInput) => call(client.orgs[":orgId"]["api-tokens"].$post({ param: { orgId }, json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(orgId) }),
  });
}

/** Revokes a token: the system using it is refused from its next request. */
export function useApiTokenRevokeMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.orgs[":orgId"]["api-tokens"][":id"].$delete({ param: { orgId, id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(orgId) }),
  });
}

// The feature's public surface: Settings shows its tab.
export { LazyIntegrationsTab } from "./components/integrations-tab-lazy";
