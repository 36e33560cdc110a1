import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContactMergeInput } from "@shared/contact-merge-schemas";
import { call, client } from "@/api";
import { groupKeys } from "@/features/groups/api";
import { contactKeys, invalidateContactSideQueries, refreshContactLists } from "./api";

const org = client.orgs[":orgId"];

/** A merge or its undo touched several contacts, their groups and the trash: everything shown of them is stale. */
function afterMerge(queryClient: QueryClient, orgId: string, ids: string[]) {
  void refreshContactLists(queryClient, orgId, { reset: true });
  invalidateContactSideQueries(queryClient, orgId);
  for (const id of ids) void queryClient.invalidateQueries({ queryKey: contactKeys.detail(orgId, id) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.organization(orgId) });
}

/** Merges contacts into the kept one (the Duplicates screen); answers the contact and the merge's id for Undo. */
export function useContactMergeMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactMergeInput) => call(org.contacts.merge.$post({ param: { orgId }, json: input })),
    onSuccess: (_result, input) => afterMerge(queryClient, orgId, [input.keepId, ...input.mergeIds]),
  });
}

/** Undo of a merge: every contact and membership as before (409 when one changed since, naming it). */
export function useMergeUndoMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mergeId: string) => call(org.merges[":mergeId"].undo.$post({ param: { orgId, mergeId } })),
    onSuccess: (result) => afterMerge(queryClient, orgId, [result.contact.id, ...result.restored.map((r) => r.id)]),
  });
}
