import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, call, client, withSignal } from "@/api";
import type { PasskeySummary } from "@shared/passkey-schemas";
import { authKeys } from "@/features/auth/api";

export interface ProfileInput {
  name: string;
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** Renames the signed-in user; /api/me carries the name, so it is refetched. */
export function useProfileUpdateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => call(client.me.profile.$patch({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Changes the password after checking the current one; the server ends the user's other sessions. */
export function usePasswordChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(client.me.password.$post({ json: input })),
    // A temporary password was replaced: /api/me stops asking for a new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Mails the signed-in user a link (to /auth/callback) that confirms their address. */
export function useEmailConfirmationMutation() {
  return useMutation({
    mutationFn: () => call(client.me["email-confirmation"].$post()),
  });
}

export const appPasswordKeys = { all: ["app-passwords"] as const };

/** The signed-in person's app passwords (CardDAV devices), with their last use. */
export function useAppPasswordsQuery() {
  return useQuery({
    queryKey: appPasswordKeys.all,
    queryFn: ({ signal }) => call(client.me["app-passwords"].$get({}, withSignal(signal))),
  });
}

/** Creates an app password; its secret is in this answer only. */
export function useAppPasswordCreateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(client.me["app-passwords"].$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appPasswordKeys.all }),
  });
}

/** Revokes an app password: the device using it is refused from its next request. */
export function useAppPasswordRevokeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.me["app-passwords"][":appPasswordId"].$delete({ param: { appPasswordId: id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appPasswordKeys.all }),
  });
}

// The form the sign-in gate shows someone who must replace a temporary password.
export { LazyChangePasswordCard } from "./components/change-password-card-lazy";

export const sessionKeys = { all: ["sessions"] as const };

/** Where the signed-in person is signed in: their sessions, the current one flagged. */
export function useSessionsQuery() {
  return useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => call(client.me.sessions.$get({}, withSignal(signal))),
  });
}

/** Signs one other session out: that browser is refused from its next request. */
export function useSessionRevokeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.me.sessions[":sessionId"].$delete({ param: { sessionId: id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** 'Sign out everywhere else': every session but this one. */
export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.me.sessions["revoke-others"].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** Turning two-factor on, step one: the password, answered by a new key (otpauth:// URI) and 10 recovery codes. */
export function useTwoFactorEnableMutation() {
  return useMutation({
    mutationFn: (password: string) => call(client.me["two-factor"].enable.$post({ json: { password } })),
  });
}

/** Step two: the first code from the app turns it on; /api/me carries the flag. */
export function useTwoFactorConfirmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(client.me["two-factor"].confirm.$post({ json: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Off, with the password and a current code. */
export function useTwoFactorDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) => call(client.me["two-factor"].disable.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** New recovery codes (the old ones stop working), shown once. */
export function useRecoveryCodesMutation() {
  return useMutation({
    mutationFn: (password: string) => call(client.me["two-factor"]["recovery-codes"].$post({ json: { password } })),
  });
}

export const passkeyKeys = { all: ["passkeys"] as const };

/** The signed-in person's passkeys, newest first. */
export function usePasskeysQuery() {
  return useQuery({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => call(client.me.passkeys.$get({}, withSignal(signal))),
  });
}

/**
 * 'Add a passkey': the server's options, the browser's WebAuthn ceremony (platform or roaming
 * authenticator, as the person picks), then the server checks and stores it under the name. The
 * WebAuthn helper loads on first use. /api/me carries "has a passkey" (it counts as two-factor).
 */
export function usePasskeyAddMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
        "/api/auth/passkey/generate-register-options",
      );
      const response = await startRegistration({ optionsJSON });
      return apiFetch<PasskeySummary>("/api/auth/passkey/verify-registration", { method: "POST", body: { response, name } });
    },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: passkeyKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.me })]),
  });
}

export function usePasskeyRenameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) =>
      call(client.me.passkeys[":passkeyId"].$patch({ param: { passkeyId: input.id }, json: { name: input.name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** Removes a passkey: it no longer signs in, and may have been the person's only second factor. */
export function usePasskeyRemoveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.me.passkeys[":passkeyId"].$delete({ param: { passkeyId: id } })),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: passkeyKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.me })]),
  });
}
