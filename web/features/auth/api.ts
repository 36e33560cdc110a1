import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "@/api";

export type OrganizationRole = "admin" | "staff";

export interface MeOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  isOwner: boolean;
  created_at: string;
}

export interface MeUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** ISO timestamps. */
  createdAt: string;
  lastSignInAt: string | null;
}

export interface Me {
  user: MeUser;
  organizations: MeOrganization[];
  /** True on the answer that gave a person with no organization their own 'My Organization'. */
  defaultOrganizationCreated: boolean;
}

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
    return await api.get<Me>("/api/me", signal);
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
    mutationFn: (input: SignInInput) => api.post<unknown>("/api/auth/sign-in/password", input),
    // Returning the promise keeps the mutation pending until /api/me has the new user, so the
    // protected route we navigate to next never sees the stale signed-out answer.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

export function useSignOutMutation() {
  return useMutation({
    mutationFn: () => api.post<unknown>("/api/auth/sign-out", {}),
  });
}

/** Mails a reset link to /reset-password; answers 200 whether or not the address has an account. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (email: string) => api.post<{ ok: true }>("/api/account/password-reset/request", { email }),
  });
}

/**
 * Checks a reset link's token without spending it. A query rather than a mutation: it is a read, and the
 * cache de-duplicates the double mount of development's StrictMode.
 */
export function useVerifyResetTokenQuery(token: string | null) {
  return useQuery({
    queryKey: authKeys.resetToken(token ?? ""),
    queryFn: () => api.post<{ valid: true }>("/api/account/password-reset/verify", { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}

export function useCompletePasswordResetMutation() {
  return useMutation({
    mutationFn: (input: CompletePasswordResetInput) =>
      api.post<{ ok: true }>("/api/account/password-reset/complete", input),
  });
}

/** Spends an e-mail confirmation token (single use). */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (token: string) => api.post<{ ok: true }>("/api/account/verify-email", { token }),
  });
}
