import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/api";
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
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => call(client.me.password.$post({ json: input })),
  });
}

/** Mails the signed-in user a link (to /auth/callback) that confirms their address. */
export function useEmailConfirmationMutation() {
  return useMutation({
    mutationFn: () => call(client.me["email-confirmation"].$post()),
  });
}
