import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import {
  ORGANIZATION_CHANGED_EVENT,
  type OrganizationChangedDetail,
} from "@/features/organizations/current-organization-store";
import { refreshContactLists } from "../api";
import { CONTACT_RESTORED_EVENT } from "../lib/contact-events";
import { hasUnsavedForms } from "../lib/form-state-registry";

/** Spec section 4: refresh when the tab becomes visible again and every 5 minutes. */
const BACKGROUND_REFRESH_MS = 5 * 60_000;

/**
 * Keeps the list current: returns the explicit refresh (Refresh buttons), reloads on 'organization-changed'
 * and 'contact-restored', and refreshes in the background unless a form holds unsaved data.
 */
export function useContactListRefresh(orgId: string | null) {
  const queryClient = useQueryClient();

  const refresh = useCallback(() => {
    if (!orgId) return Promise.resolve();
    window.scrollTo({ top: 0 });
    return refreshContactLists(queryClient, orgId, { reset: true });
  }, [queryClient, orgId]);

  useEffect(() => {
    const handleOrganizationChanged = (event: Event) => {
      const detail = (event as CustomEvent<OrganizationChangedDetail | undefined>).detail;
      const id = detail?.id ?? orgId;
      if (id) void refreshContactLists(queryClient, id, { reset: true });
    };
    const handleRestored = () => {
      if (orgId) void refreshContactLists(queryClient, orgId, { reset: true });
    };
    window.addEventListener(ORGANIZATION_CHANGED_EVENT, handleOrganizationChanged);
    window.addEventListener(CONTACT_RESTORED_EVENT, handleRestored);
    return () => {
      window.removeEventListener(ORGANIZATION_CHANGED_EVENT, handleOrganizationChanged);
      window.removeEventListener(CONTACT_RESTORED_EVENT, handleRestored);
    };
  }, [queryClient, orgId]);

  useEffect(() => {
    if (!orgId) return;
    const backgroundRefresh = () => {
      if (document.visibilityState !== "visible" || hasUnsavedForms()) return;
      void refreshContactLists(queryClient, orgId);
    };
    const timer = window.setInterval(backgroundRefresh, BACKGROUND_REFRESH_MS);
    document.addEventListener("visibilitychange", backgroundRefresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", backgroundRefresh);
    };
  }, [queryClient, orgId]);

  return refresh;
}
