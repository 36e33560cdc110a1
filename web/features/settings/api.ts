import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, withSignal } from "@/api";
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
