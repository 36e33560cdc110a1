import { isApiError } from "@/api";

/** The spec's generic handler (section 8): one user-facing sentence per error category. */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === "NETWORK") return "Connection problem. Please try again.";
    if (error.status === 401 || error.status === 403) return "Access denied. Please check your permissions.";
    if (error.status === 400 || error.status === 409 || error.status === 413 || error.status === 429) {
      return error.message;
    }
  }
  return "Something went wrong. Please try again.";
}

/** True when the request never reached the server (offline, DNS, CORS, server down). */
export function isNetworkError(error: unknown): boolean {
  if (isApiError(error) && error.code === "NETWORK") return true;
  const message = error instanceof Error ? error.message : "";
  return message.includes("Load failed") || message.includes("Failed to fetch");
}
