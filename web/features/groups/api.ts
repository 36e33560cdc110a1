import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/api";
import type { Contact, Group, GroupInput, GroupMember, Page } from "./types";

/** One page of every list on this screen; the API allows up to 200. */
export const GROUPS_PAGE_SIZE = 50;

export const groupKeys = {
  all: ["groups"] as const,
  organization: (orgId: string) => ["groups", orgId] as const,
  lists: (orgId: string) => ["groups", orgId, "list"] as const,
  group: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId] as const,
  members: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId, "members"] as const,
  allCandidates: (orgId: string, groupId: string) => ["groups", orgId, "group", groupId, "candidates"] as const,
  candidates: (orgId: string, groupId: string, q: string) => ["groups", orgId, "group", groupId, "candidates", q] as const,
};

const orgPath = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}`;
const groupPath = (orgId: string, groupId: string) => `${orgPath(orgId)}/groups/${encodeURIComponent(groupId)}`;

function pageSearch(cursor: string | null, extra: Record<string, string> = {}) {
  const search = new URLSearchParams({ ...extra, limit: String(GROUPS_PAGE_SIZE) });
  if (cursor) search.set("cursor", cursor);
  return search;
}

/** The organization's groups by name, a keyset page at a time. */
export function useGroupsQuery(orgId: string | null) {
  return useInfiniteQuery({
    queryKey: groupKeys.lists(orgId ?? ""),
    queryFn: ({ pageParam, signal }) => api.get<Page<Group>>(`${orgPath(orgId!)}/groups?${pageSearch(pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: orgId !== null,
  });
}

/** The group's contacts, newest link first (contacts in the trash are left out by the server). */
export function useGroupMembersQuery(orgId: string, groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(orgId, groupId),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<GroupMember>>(`${groupPath(orgId, groupId)}/members?${pageSearch(pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Active contacts not yet in the group, by first name, filtered by `q` (trimmed; "" for all). */
export function useGroupCandidatesQuery(orgId: string, groupId: string, q: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.candidates(orgId, groupId, q),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Contact>>(`${groupPath(orgId, groupId)}/candidates?${pageSearch(pageParam, q ? { q } : {})}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While a new search loads, keep the previous results on screen instead of flashing empty.
    placeholderData: (previous) => previous,
    gcTime: 60_000,
  });
}

export function useGroupCreateMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupInput) => api.post<Group>(`${orgPath(orgId)}/groups`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) }),
  });
}

export function useGroupUpdateMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: GroupInput & { id: string }) => api.patch<Group>(groupPath(orgId, id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) }),
  });
}

/** Deletes the group and its links; its contacts stay. */
export function useGroupDeleteMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => api.delete<void>(groupPath(orgId, groupId)),
    onSuccess: (_nothing, groupId) => {
      queryClient.removeQueries({ queryKey: groupKeys.group(orgId, groupId) });
      return queryClient.invalidateQueries({ queryKey: groupKeys.lists(orgId) });
    },
  });
}

// Membership writes change both sides of the Add Members / Members dialogs of that group.
function useInvalidateGroupMembership(orgId: string) {
  const queryClient = useQueryClient();
  return (groupId: string) => queryClient.invalidateQueries({ queryKey: groupKeys.group(orgId, groupId) });
}

/** Links the contacts to the group in one transaction; answers how many links were new. */
export function useGroupMembersAddMutation(orgId: string) {
  const invalidate = useInvalidateGroupMembership(orgId);
  return useMutation({
    mutationFn: ({ groupId, contactIds }: { groupId: string; contactIds: string[] }) =>
      api.post<{ added: number }>(`${groupPath(orgId, groupId)}/members`, { contact_ids: contactIds }),
    onSuccess: (_result, { groupId }) => invalidate(groupId),
  });
}

/** Unlinks one contact from the group; the contact stays. */
export function useGroupMemberRemoveMutation(orgId: string) {
  const invalidate = useInvalidateGroupMembership(orgId);
  return useMutation({
    mutationFn: ({ groupId, contactId }: { groupId: string; contactId: string }) =>
      api.delete<void>(`${groupPath(orgId, groupId)}/members/${encodeURIComponent(contactId)}`),
    onSuccess: (_nothing, { groupId }) => invalidate(groupId),
  });
}
