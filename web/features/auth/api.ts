import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, apiFetch, call, client, isApiError, withSignal } from "@/api";

/** The signed-in person and their organizations, as GET /api/me answers. */
export type Me = Answer<typeof client.me.$get>;
export type MeUser = Me["user"];
export type MeOrganization = Me["organizations"][number];
export type OrganizationRole = MeOrganization["role"];

export interface SignInInput {
  email: string;
  password: string;
}

export interface CompletePasswordResetInput {
  token: string;
  password: string;
}

export const authKeys = {
  me: ["me"] as const,
  resetToken: (token: string) => ["password-reset", "verify", token] as const,
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
    mutationFn: (input: SignInInput) => apiFetch<unknown>("/api/auth/sign-in/password", { method: "POST", body: input }),
    // Returning the promise keeps the mutation pending until /api/me has the new user, so the
    // protected route we navigate to next never sees the stale signed-out answer.
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
