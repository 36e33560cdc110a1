import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MyInvitation } from "@shared/member-types";
import { api } from "@/api";
import { authKeys } from "@/features/auth/api";

export type { MyInvitation };

export const invitationKeys = { mine: ["invitations", "mine"] as const };

/** Invitations waiting for the signed-in person; polled so the bell notices a new one. */
export function useMyInvitationsQuery() {
  return useQuery({
    queryKey: invitationKeys.mine,
    queryFn: ({ signal }) => api.get<{ items: MyInvitation[] }>("/api/me/invitations", signal).then((r) => r.items),
    refetchInterval: 60_000,
  });
}

function useAnswerMutation<T>(answer: "accept" | "decline") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<T>(`/api/me/invitations/${encodeURIComponent(id)}/${answer}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invitationKeys.mine });
      // Accepting adds an organization to /api/me.
      return queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}

export const useAcceptInvitationMutation = () => useAnswerMutation<{ organizationId: string }>("accept");
export const useDeclineInvitationMutation = () => useAnswerMutation<void>("decline");
