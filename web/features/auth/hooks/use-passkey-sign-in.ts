import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/api";
import { authKeys } from "../api";

/**
 * 'Sign in with a passkey': no e-mail, the browser offers the discoverable passkeys it has for this
 * site. A passkey is both factors, so there is no second step. The WebAuthn helper loads on click,
 * keeping /login within its first-visit budget; this hook is its own module so the signed-in pages,
 * which load ../api, do not carry it.
 */
export function usePasskeySignInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(
        "/api/auth/passkey/generate-authenticate-options",
      );
      const response = await startAuthentication({ optionsJSON });
      return apiFetch<{ user: { id: string; email: string; name: string } }>("/api/auth/passkey/verify-authentication", {
        method: "POST",
        body: { response },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me }),
  });
}
