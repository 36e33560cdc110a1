import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  ORGANIZATION_CHANGED_EVENT,
  type OrganizationChangedDetail,
} from "@/features/organizations/current-organization-store";
import { groupKeys } from "../api";

/**
 * Spec section 3: screens re-read the organization on 'organization-changed'. The open dialog belongs to
 * the previous organization, so it is closed too.
 */
export function useGroupsRefresh(orgId: string | null, onOrganizationChanged: () => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const handleOrganizationChanged = (event: Event) => {
      const detail = (event as CustomEvent<OrganizationChangedDetail | undefined>).detail;
      const id = detail?.id ?? orgId;
      onOrganizationChanged();
      if (id) void queryClient.invalidateQueries({ queryKey: groupKeys.organization(id) });
    };
    window.addEventListener(ORGANIZATION_CHANGED_EVENT, handleOrganizationChanged);
    return () => window.removeEventListener(ORGANIZATION_CHANGED_EVENT, handleOrganizationChanged);
  }, [queryClient, orgId, onOrganizationChanged]);
}
