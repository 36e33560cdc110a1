import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { clearOfflineCache } from "@/lib/offline-cache";
import { authKeys, useSignOutMutation } from "../api";

/** Signs out, then always leaves the app: a failed call still ends the local session view. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOutMutation();

  function logout() {
    signOut.mutate(undefined, {
      onSuccess: () => toast.success("Logged out"),
      onError: () => toast.error("Logout failed"),
      onSettled: () => {
        queryClient.clear();
        // Nothing personal stays in this browser: the offline copy of contacts and groups goes too.
        void clearOfflineCache();
        // Seed "signed out" so /login renders its form at once instead of re-asking /api/me with the
        // previous user's answer still around.
        queryClient.setQueryData(authKeys.me, null);
        void navigate("/login", { replace: true });
      },
    });
  }

  return { logout, isPending: signOut.isPending };
}
