import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";
import type { GroupInput } from "./types";

export const groupKeys = {
  all: ["groups"] as const,
  organization: (orgId: string) => ["groups", orgId] as const,
  lists: (orgId: string) => ["groups", orgId, "list"] as const,
  group: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId] as const,
  members: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId, "members"] as const,
  allCandidates: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId, "candidates"] as const,
  candidates: (orgId: string, groupId: string, q: string) => ["groups", orgId, "group", groupId, "candidates", q] as const,
};

const groups = client.orgs[":orgId"].groups;
const group = groups[":groupId"];

/** The organization's groups by name, a keyset page at a time. */
export function useGroupsQuery(orgId: string | null) {
  return useInfiniteQuery({
    ...pagedQueryOptions(groupKeys.lists(orgId ?? ""), (query, signal) =>
      call(groups.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
    ),
    enabled: orgId !== null,
  });
}

/** The group's contacts, newest link first (contacts in the trash are left out by the server). */
export function useGroupMembersQuery(orgId: string, groupId: string) {
  return useInfiniteQuery(
    pagedQueryOptions(groupKeys.members(orgId, groupId), (query, signal) =>
      call(group.members.$get({ param: { orgId, groupId }, query }, withSignal(signal))),
    ),
  );
}

/** Active contacts not yet in the group, by first name, filtered by `q` (trimmed; "" for all). */
export function useGroupCandidatesQuery(orgId: string, groupId: string, q: string) {
  return useInfiniteQuery({
    ...pagedQueryOptions(groupKeys.candidates(orgId, groupId, q), (query, signal) =>
      call(group.candidates.$get({ param: { orgId, groupId }, query: { ...query, ...(q ? { q } : {}) } }, withSignal(signal))),
    ),
    // While a new search loads, keep the previous results on screen instead of flashing empty.
    placeholderData: (previous) => previous,
    gcTime: 60_000,
  });
}

function useGroupListMutation<V, R>(orgId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) }) });
}

export const useGroupCreateMutation = (orgId: string) =>
  useGroupListMutation(orgId, (input: GroupInput) => call(groups.$post({ param: { orgId }, json: input })));

export const useGroupUpdateMutation = (orgId: string) =>
  useGroupListMutation(orgId, ({ id, ...json }: GroupInput & { id: string }) =>
    call(group.$patch({ param: { orgId, groupId: id }, json })),
  );

/** Deletes the group and its links; its contacts stay. */
export function useGroupDeleteMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => call(group.$delete({ param: { orgId, groupId } })),
    onSuccess: (_nothing, groupId) => {
      queryClient.removeQueries({ queryKey: groupKeys.group(orgId, groupId) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) });
    },
  });
}

// Membership writes change both sides of the Add Members / Members dialogs of that group, and its member count.
function useMembershipMutation<V extends { groupId: string }, R>(orgId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { groupId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.group(orgId, groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) }),
      ]),
  });
}

/** Links the contacts to the group in one transaction; answers how many links were new. */
export const useGroupMembersAddMutation = (orgId: string) =>
  useMembershipMutation(orgId, ({ groupId, contactIds }: { groupId: string; contactIds: string[] }) =>
    call(group.members.$post({ param: { orgId, groupId }, json: { contact_ids: contactIds } })),
  );

/** Unlinks one contact from the group; the contact stays. */
export const useGroupMemberRemoveMutation = (orgId: string) =>
  useMembershipMutation(orgId, ({ groupId, contactId }: { groupId: string; contactId: string }) =>
    call(group.members[":contactId"].$delete({ param: { orgId, groupId, contactId } })),
  );
