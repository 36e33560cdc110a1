import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, withSignal } from "@/api";
import { contactKeys, refreshContactLists, reloadContact } from "./api";

const contact = client.orgs[":orgId"].contacts[":id"];

/** The history of a contact's detail view: under its detail key, so whatever reloads the contact reloads this too. */
export const historyKey = (orgId: string, id: string) => [...contactKeys.detail(orgId, id), "history"] as const;

/** A contact's history, newest first, a page at a time. */
export function useContactHistoryQuery(orgId: string, id: string) {
  return useInfiniteQuery({
    queryKey: historyKey(orgId, id),
    queryFn: ({ pageParam, signal }) =>
      call(contact.history.$get({ param: { orgId, id }, query: pageParam ? { cursor: pageParam } : {} }, withSignal(signal))),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Puts an earlier version's values back; the contact, its lists and its history reload. */
export function useRestoreVersionMutation(orgId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => call(contact.history[":version"].restore.$post({ param: { orgId, id, version: String(version) } })),
    onSuccess: async () => {
      await reloadContact(queryClient, orgId, id);
      await Promise.all([queryClient.invalidateQueries({ queryKey: historyKey(orgId, id) }), refreshContactLists(queryClient, orgId)]);
    },
  });
}
