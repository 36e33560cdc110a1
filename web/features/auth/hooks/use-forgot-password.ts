import { toast } from "@/lib/toast";
import { isApiError } from "@/api";
import { isValidEmail } from "@shared/email";
import { useRequestPasswordResetMutation } from "../api";

/** Sends the reset e-mail for whatever is typed in the login form's e-mail field, with the spec's toasts. */
export function useForgotPassword() {
  const mutation = useRequestPasswordResetMutation();

  function requestReset(rawEmail: string) {
    const email = rawEmail.trim();
    if (!email) {
      toast.error("Please enter your email address first");
      return;
    }
    if (!isValidEmail(email)) {
      toast.error("Please enter a valid email address");
      return;
    }
    mutation.mutate(email, {
      onSuccess: () => {
        toast.success("Password reset email sent! Check your inbox and click the link to reset your password.");
      },
      onError: (error) => toast.error(resetEmailErrorMessage(error)),
    });
  }

  return { requestReset, isPending: mutation.isPending };
}

/** The spec's messages for a failed reset-e-mail request (login page and the invalid-link view). */
export function resetEmailErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) {
    return "Too many requests. Please wait a few minutes before trying again.";
  }
  if (isApiError(error) && error.code !== "NETWORK") return `Error sending reset email: ${error.message}`;
  return "Failed to send reset email. Please try again.";
}
