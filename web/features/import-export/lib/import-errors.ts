import { isApiError } from "@/api";
import { isNetworkError } from "@/lib/error-message";

/**
 * Spec section 8 for imports: the server's own words for a file it refused (parse failure, type,
 * size, a limit, a bad mapping) or could not take yet (too many imports waiting), the sign-in message
 * when the session is gone, otherwise 'Import failed' (or the native import's 'Failed to import
 * contacts from device').
 */
export function importErrorMessage(error: unknown, fallback = "Import failed"): string {
  if (isNetworkError(error)) return "Connection problem. Please try again.";
  if (isApiError(error)) {
    if (error.status === 401) return "Please log in to import contacts";
    if (error.status === 400 || error.status === 413 || error.status === 415 || error.status === 429) return error.message;
  }
  return fallback;
}
