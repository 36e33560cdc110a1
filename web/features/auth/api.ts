import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, apiFetch, call, client, isApiError, withSignal } from "@/api";

/** The signed-in person and their organizations, as GET /api/me answers. */
export type Me = Answer<typeof client.me.$get>;
export type MeUser = Me["user"];
export type MeOrganization = Me["organizations"][number];

export interface SignInInput {
  email: string;
  password: string;
}

/** The password step's answer: signed in, or (two-factor on) a code is needed first. */
export type SignInAnswer = { twoFactorRequired: true } | { user: { id: string; email: string; name: string } };

/** The sign-in's second step: a code from the app or one recovery code. */
export type TwoFactorVerifyInput = ({ code: string } | { backupCode: string }) & { trustDevice: boolean };

export interface CompletePasswordResetInput {
  token: string;
  password: string;
}

export const authKeys = {
  me: ["me"] as const,
  resetToken: (token: string) => ["password-reset", "verify", token] as const,
  invitationLink: (token: string) => ["invitation-link", token] as const,
  sessionEnd: ["session-end"] as const,
};

/** The signed-in user and their organizations, or null when signed out (a 401 is an answer, not an error). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await call(client.me.$get(undefined, withSignal(signal)));
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useMeQuery() {
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    // Sessions change only through this app's own sign-in/out, which update the cache directly.
    staleTime: 5 * 60_000,
  });
}

export function useSignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => apiFetch<SignInAnswer>("/api/auth/sign-in/password", { method: "POST", body: input }),
    // Returning the promise keeps the mutation pending until /api/me has the new user, so the
    // protected route we navigate to next never sees the stale signed-out answer.
    onSuccess: (answer) => ("twoFactorRequired" in answer ? undefined : queryClient.invalidateQueries({ queryKey: authKeys.me })),
  });
}

/** Completes a sign-in that answered `twoFactorRequired` (the challenge cookie came with that answer). */
export function useVerifyTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorVerifyInput) => apiFetch<unknown>("/api/auth/two-factor/verify", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

export function useSignOutMutation() {
  return useMutation({
    mutationFn: () => apiFetch<unknown>("/api/auth/sign-out", { method: "POST", body: {} }),
  });
}

/** Mails a reset link to /reset-password; answers 200 whether or not the address has an account. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (email: string) => call(client.account["password-reset"].request.$post({ json: { email } })),
  });
}

/**
 * Checks a reset link's token without spending it. A query rather than a mutation: it is a read, and the
 * cache de-duplicates the double mount of development's StrictMode.
 */
export function useVerifyResetTokenQuery(token: string | null) {
  return useQuery({
    queryKey: authKeys.resetToken(token ?? ""),
    queryFn: () => call(client.account["password-reset"].verify.$post({ json: { token: token! } })),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

export function useCompletePasswordResetMutation() {
  return useMutation({
    mutationFn: (input: CompletePasswordResetInput) => call(client.account["password-reset"].complete.$post({ json: input })),
  });
}

/** Spends an e-mail confirmation token (single use). */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (token: string) => call(client.account["verify-email"].$post({ json: { token } })),
  });
}

/** What an invitation's mailed link is for (organization, inviter, role, the person), without spending it. */
export function useInvitationLinkQuery(token: string | null) {
  return useQuery({
    queryKey: authKeys.invitationLink(token ?? ""),
    queryFn: () => call(client.account.invitation.verify.$post({ json: { token: token! } })),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

interface JoinInvitationInput {
  token: string;
  name: string;
  password: string;
}

/** Joins through the invitation link: the person's name and first password; they sign in next. */
export function useJoinInvitationMutation() {
  return useMutation({
    mutationFn: (input: JoinInvitationInput) => call(client.account.invitation.join.$post({ json: input })),
  });
}

/** Signed out: why, when someone else (an admin's password reset) ended this browser's session. */
export function useSessionEndQuery(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.sessionEnd,
    queryFn: ({ signal }) => call(client["session-end"].$get(undefined, withSignal(signal))),
    enabled,
    retry: false,
    // Asked afresh on each visit to the sign-in screen: a later sign-in replaces the cookie it reads.
    gcTime: 0,
  });
}
