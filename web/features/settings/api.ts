import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/api";
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
    mutationFn: (input: ProfileInput) => api.patch<ProfileInput>("/api/me/profile", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}

/** Changes the password after checking the current one; the server ends the user's other sessions. */
export function usePasswordChangeMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ ok: true }>("/api/me/password", input),
  });
}

/** Mails the signed-in user a link (to /auth/callback) that confirms their address. */
export function useEmailConfirmationMutation() {
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>("/api/me/email-confirmation", {}),
  });
}
