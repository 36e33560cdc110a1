import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, call, client, withSignal } from "@/api";
import { authKeys } from "@/features/auth/api";

export type MyInvitation = Answer<typeof client.me.invitations.$get>["items"][number];

export const invitationKeys = { mine: ["invitations", "mine"] as const };

/** Invitations waiting for the signed-in person; polled so the bell notices a new one. */
export function useMyInvitationsQuery() {
  return useQuery({
    queryKey: invitationKeys.mine,
    queryFn: ({ signal }) => call(client.me.invitations.$get(undefined, withSignal(signal))).then((r) => r.items),
    refetchInterval: 60_000,
  });
}

function useAnswerMutation<T>(answer: (id: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invitationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ["notifications"] });
      // Accepting adds an organization to /api/me.
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

const invitation = (invitationId: string) => ({ param: { invitationId } });

export const useAcceptInvitationMutation = () =>
  useAnswerMutation((id) => call(client.me.invitations[":invitationId"].accept.$post(invitation(id))));
export const useDeclineInvitationMutation = () =>
  useAnswerMutation((id) => call(client.me.invitations[":invitationId"].decline.$post(invitation(id))));
