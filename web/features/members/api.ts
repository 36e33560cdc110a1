import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@shared/constants";
import type { Invitation, InviteResult, Member, Page, SearchUser } from "@shared/member-types";
import { api } from "@/api";

export type { Invitation, InviteResult, Member, SearchUser };

export interface AddMemberInput {
  email: string;
  name?: string | undefined;
  role: Role;
}

export interface UpdateMemberInput {
  userId: string;
  name?: string;
  role?: Role;
}

export const MEMBERS_PAGE_SIZE = 100;

export const memberKeys = {
  all: ["members"] as const,
  organization: (organizationId: string) => ["members", organizationId] as const,
  list: (organizationId: string) => ["members", organizationId, "list"] as const,
  invitations: (organizationId: string) => ["members", organizationId, "invitations"] as const,
  search: (organizationId: string, q: string) => ["members", organizationId, "search", q] as const,
};

const orgPath = (organizationId: string) => `/api/orgs/${encodeURIComponent(organizationId)}`;
const memberPath = (organizationId: string, userId: string) =>
  `${orgPath(organizationId)}/members/${encodeURIComponent(userId)}`;

/** The organization's users, a page at a time (keyset cursor, ordered by e-mail). */
export function useMembersQuery(organizationId: string | null) {
  return useInfiniteQuery({
    queryKey: memberKeys.list(organizationId ?? ""),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return api.get<Page<Member>>(`${orgPath(organizationId!)}/members?${params}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: organizationId !== null,
  });
}

/** The organization's pending invitations, a page at a time (by e-mail). */
export function useInvitationsQuery(organizationId: string | null) {
  return useInfiniteQuery({
    queryKey: memberKeys.invitations(organizationId ?? ""),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MEMBERS_PAGE_SIZE) });
      if (pageParam) params.set("cursor", pageParam);
      return api.get<Page<Invitation>>(`${orgPath(organizationId!)}/invitations?${params}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: organizationId !== null,
  });
}

/** Colleagues from the signed-in admin's other organizations whose e-mail or name contains `q` (at most 20). */
export function userSearchQueryOptions(organizationId: string, q: string) {
  return queryOptions({
    queryKey: memberKeys.search(organizationId, q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q });
      return api
        .get<{ users: SearchUser[] }>(`${orgPath(organizationId)}/users/search?${params}`, signal)
        .then((response) => response.users);
    },
    staleTime: 30_000,
  });
}

/** The results for the last submitted term (null: nothing searched yet). */
export function useUserSearchQuery(organizationId: string, q: string | null) {
  return useQuery({ ...userSearchQueryOptions(organizationId, q ?? ""), enabled: q !== null });
}

// Every write below changes who is in the organization or how they appear: refresh its lists and searches.
function useInvalidateOrganizationMembers(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.organization(organizationId) });
}

export function useMemberAddMutation(organizationId: string) {
  const invalidate = useInvalidateOrganizationMembers(organizationId);
  return useMutation({
    mutationFn: (input: AddMemberInput) => api.post<InviteResult>(`${orgPath(organizationId)}/members`, input),
    onSuccess: invalidate,
  });
}

export function useMemberUpdateMutation(organizationId: string) {
  const invalidate = useInvalidateOrganizationMembers(organizationId);
  return useMutation({
    mutationFn: ({ userId, ...input }: UpdateMemberInput) => api.patch<Member>(memberPath(organizationId, userId), input),
    onSuccess: invalidate,
  });
}

/** Takes the user out of this organization; their account stays. */
export function useMemberRemoveMutation(organizationId: string) {
  const invalidate = useInvalidateOrganizationMembers(organizationId);
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(memberPath(organizationId, userId)),
    onSuccess: invalidate,
  });
}

/** Deletes the user's whole account. */
export function useMemberAccountDeleteMutation(organizationId: string) {
  const invalidate = useInvalidateOrganizationMembers(organizationId);
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`${memberPath(organizationId, userId)}/account`),
    onSuccess: invalidate,
  });
}

/** Sets a new temporary password (shown once) and ends the user's sessions. */
export function useMemberPasswordResetMutation(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<{ temporaryPassword: string }>(`${memberPath(organizationId, userId)}/reset-password`),
  });
}

/** Mails the member the ordinary reset link (it goes to them, never to the admin). */
export function useMemberResetEmailMutation(organizationId: string) {
  return useMutation({
    mutationFn: (userId: string) => api.post<{ ok: true }>(`${memberPath(organizationId, userId)}/password-reset-email`),
  });
}

/** Withdraws a pending invitation. */
export function useInvitationWithdrawMutation(organizationId: string) {
  const invalidate = useInvalidateOrganizationMembers(organizationId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete<void>(`${orgPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`),
    onSuccess: invalidate,
  });
}
