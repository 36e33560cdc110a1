import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@shared/constants";
import { type Answer, call, client, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";

type OrgRoutes = (typeof client.orgs)[":orgId"];
export type Member = Answer<OrgRoutes["members"]["$get"]>["items"][number];
export type Invitation = Answer<OrgRoutes["invitations"]["$get"]>["items"][number];
export type InviteResult = Answer<OrgRoutes["members"]["$post"]>;
export type SearchUser = Answer<OrgRoutes["users"]["search"]["$get"]>["users"][number];

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
  organization: (orgId: string) => ["members", orgId] as const,
  list: (orgId: string) => ["members", orgId, "list"] as const,
  invitations: (orgId: string) => ["members", orgId, "invitations"] as const,
  search: (orgId: string, q: string) => ["members", orgId, "search", q] as const,
};

const org = client.orgs[":orgId"];
const member = org.members[":userId"];

/** The organization's users, a page at a time (keyset cursor, ordered by e-mail). */
export function useMembersQuery(orgId: string | null) {
  return useInfiniteQuery({
    ...pagedQueryOptions(
      memberKeys.list(orgId ?? ""),
      (query, signal) => call(org.members.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
      MEMBERS_PAGE_SIZE,
    ),
    enabled: orgId !== null,
  });
}

/** The organization's pending invitations, a page at a time (by e-mail). */
export function useInvitationsQuery(orgId: string | null) {
  return useInfiniteQuery({
    ...pagedQueryOptions(
      memberKeys.invitations(orgId ?? ""),
      (query, signal) => call(org.invitations.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
      MEMBERS_PAGE_SIZE,
    ),
    enabled: orgId !== null,
  });
}

/** Colleagues who may be invited whose e-mail or name contains `q` (at most 20). */
export function userSearchQueryOptions(orgId: string, q: string) {
  return queryOptions({
    queryKey: memberKeys.search(orgId, q),
    queryFn: ({ signal }) => call(org.users.search.$get({ param: { orgId }, query: { q } }, withSignal(signal))).then((r) => r.users),
    staleTime: 30_000,
  });
}

/** The results for the last submitted term (null: nothing searched yet). */
export function useUserSearchQuery(orgId: string, q: string | null) {
  return useQuery({ ...userSearchQueryOptions(orgId, q ?? ""), enabled: q !== null });
}

// Every write below changes who is in the organization or how they appear: refresh its lists and searches.
function useMemberMutation<V, R>(orgId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.organization(orgId) }) });
}

const target = (orgId: string, userId: string) => ({ param: { orgId, userId } });

/** Invites someone (always an invitation, whether or not they have an account). */
export const useMemberAddMutation = (orgId: string) =>
  useMemberMutation(orgId, (input: AddMemberInput) => call(org.members.$post({ param: { orgId }, json: input })));

export const useMemberUpdateMutation = (orgId: string) =>
  useMemberMutation(orgId, ({ userId, ...json }: UpdateMemberInput) => call(member.$patch({ ...target(orgId, userId), json })));

/** Takes the user out of this organization; their account stays. */
export const useMemberRemoveMutation = (orgId: string) =>
  useMemberMutation(orgId, (userId: string) => call(member.$delete(target(orgId, userId))));

/** Deletes the user's whole account (accounts this organization manages only). */
export const useMemberAccountDeleteMutation = (orgId: string) =>
  useMemberMutation(orgId, (userId: string) => call(member.account.$delete(target(orgId, userId))));

/** Withdraws a pending invitation. */
export const useInvitationWithdrawMutation = (orgId: string) =>
  useMemberMutation(orgId, (invitationId: string) => call(org.invitations[":invitationId"].$delete({ param: { orgId, invitationId } })));

/** Sets a new temporary password (shown once) and ends the user's sessions. */
export function useMemberPasswordResetMutation(orgId: string) {
  return useMutation({ mutationFn: (userId: string) => call(member["reset-password"].$post(target(orgId, userId))) });
}

/** Mails the member the ordinary reset link (it goes to them, never to the admin). */
export function useMemberResetEmailMutation(orgId: string) {
  return useMutation({ mutationFn: (userId: string) => call(member["password-reset-email"].$post(target(orgId, userId))) });
}
