import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { useMeQuery, type MeOrganization } from "@/features/auth/api";
import {
  readStoredOrganizationId,
  storeCurrentOrganization,
  subscribeToOrganizationChanges,
  syncStoredOrganizationName,
} from "../current-organization-store";

export interface CurrentOrganization {
  organizations: MeOrganization[];
  /** The stored organization when the user still belongs to it, else their first; null with none. */
  current: MeOrganization | null;
  switchTo: (organization: MeOrganization) => void;
}

export function useCurrentOrganization(): CurrentOrganization {
  const me = useMeQuery();
  const queryClient = useQueryClient();
  const storedId = useSyncExternalStore(subscribeToOrganizationChanges, readStoredOrganizationId);
  const organizations = me.data?.organizations ?? [];
  const current = organizations.find((organization) => organization.id === storedId) ?? organizations[0] ?? null;

  // Persist the fallback choice so every screen (and the next visit) agrees on the organization.
  const currentId = current?.id;
  const currentName = current?.name;
  useEffect(() => {
    if (!currentId || currentName === undefined) return;
    if (currentId !== storedId) storeCurrentOrganization({ id: currentId, name: currentName });
    else syncStoredOrganizationName(currentName);
  }, [currentId, currentName, storedId]);

  return {
    organizations,
    current,
    switchTo: (organization) => {
      storeCurrentOrganization({ id: organization.id, name: organization.name });
      // Spec section 4: switching forces a refresh of what the screens show for that organization.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === organization.id });
    },
  };
}
