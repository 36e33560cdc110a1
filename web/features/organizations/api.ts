import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/api";
import { authKeys, type MeOrganization } from "@/features/auth/api";

export type CreatedOrganization = Pick<MeOrganization, "id" | "name" | "role" | "isOwner">;

// The organization list the screens use comes from /api/me (key ["me"]), so both mutations refresh it.
// Returning the invalidation keeps the mutation pending until the new list is in the cache.

/** Creates an organization; the creator becomes its owner. */
export function useOrganizationCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<CreatedOrganization>("/api/orgs", { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Deletes an organization and everything in it (owner only, never their last one). */
export function useOrganizationDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => api.delete<void>(`/api/orgs/${encodeURIComponent(organizationId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}
