import { type SessionEndReason, SESSION_END_REASONS } from "../../shared/session-types.js";
import { sessionCookieToken } from "../auth/session-reader.js";
import type { AppDeps } from "../deps.js";

/**
 * Why this browser's own session was ended by someone else (an admin's password reset), or null. Only
 * the session cookie the browser still holds can ask, so nobody learns anything about another account.
 */
export async function sessionEndReason(deps: AppDeps, headers: Headers): Promise<{ reason: SessionEndReason | null }> {
  const token = await sessionCookieToken(deps.auth, deps.config.authSecret, headers);
  if (!token) return { reason: null };
  const reason = await deps.repos.users.endedSessionReason(token);
  return { reason: SESSION_END_REASONS.find((r) => r === reason) ?? null };
}
