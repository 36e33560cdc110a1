import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/api";
import { authKeys } from "@/features/auth/api";

// The organization list the screens use comes from /api/me (key ["me"]), so both mutations refresh it.
// Returning the invalidation keeps the mutation pending until the new list is in the cache.

/** Creates an organization; the creator becomes its owner. */
export function useOrganizationCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(client.orgs.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Deletes an organization and everything in it (owner only, never their last one). */
export function useOrganizationDeleteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orgId: string) => call(client.orgs[":orgId"].$delete({ param: { orgId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Renames an organization (owner and admins); the organization list is read again. */
export function useOrganizationRenameMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(client.orgs[":orgId"].$patch({ param: { orgId }, json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** The first administrator answered or skipped the welcome: never asked again. */
export function useWelcomeDoneMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.me.welcome.done.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** The switches of an organization's settings card; one is changed at a time. */
export type OrganizationSettings = { staffCardDav: boolean } | { requirePhone: boolean } | { requireTwoFactor: boolean };

/** Changes an organization's settings (owner and admins); the organization list is read again. */
export function useOrganizationSettingsMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OrganizationSettings) => call(client.orgs[":orgId"].$patch({ param: { orgId }, json: settings })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

// The feature's public surface for the rest of the app: the organization a screen works in, and the
// settings card User Management shows.
export { useCurrentOrganization } from "./hooks/use-current-organization";
export { readStoredOrganizationId, storeCurrentOrganization } from "./current-organization-store";
export { LazyOrganizationTab } from "./components/organization-tab-lazy";
export { LazyOrganizationSettingsCard } from "./components/organization-settings-card-lazy";
export { AppAddressNotice } from "./components/app-address-notice";
export { LazyFirstRunWelcome } from "./components/first-run-welcome-lazy";
export { TwoFactorRequiredScreen, useTwoFactorRequired } from "./components/two-factor-required-screen";
