import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { refreshContactLists } from "../api";

/**
 * The explicit refresh of the Refresh and 'Pull to refresh' buttons: back to the top, one request per
 * list. Background refreshes are the list queries' own options (see useContactsQuery).
 */
export function useContactListRefresh(orgId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (!orgId) return Promise.resolve();
    window.scrollTo({ top: 0 });
    return refreshContactLists(queryClient, orgId, { reset: true });
  }, [queryClient, orgId]);
}
