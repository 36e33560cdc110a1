import { isApiError } from "@/api";
import { isNetworkError } from "@/lib/error-message";

export interface ResetSubmitFailure {
  message: string;
  /** The link is spent or expired: nothing more can be done on this page. */
  backToLogin: boolean;
}

/** Maps a failed POST /api/account/password-reset/complete to the spec's "Reset submit" messages. */
export function resetSubmitFailure(error: unknown): ResetSubmitFailure {
  if (isNetworkError(error) || !isApiError(error)) {
    return { message: "Failed to update password. Please try again.", backToLogin: false };
  }
  if (error.code === "VALIDATION") {
    return { message: "Please enter a valid password that meets all requirements", backToLogin: false };
  }
  if (error.code === "INVALID_TOKEN" || error.status === 401 || /expired|invalid/i.test(error.message)) {
    return { message: "Your session has expired. Please request a new password reset.", backToLogin: true };
  }
  return { message: `Error updating password: ${error.message}`, backToLogin: false };
}
