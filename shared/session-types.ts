// Wire types of /api/me/sessions (Settings > Security > Where you're signed in).

export interface SessionSummary {
  /** The session row's id, never its token (the token is the secret in the cookie). */
  id: string;
  /** The session of the request that asked. */
  current: boolean;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  /** When it was last used: written at most every 5 minutes, so it may be that much behind. */
  lastActiveAt: string;
}

export interface SessionList {
  items: SessionSummary[];
}

/** Why a browser's session was ended by someone else (GET /api/session-end). */
export const SESSION_END_REASONS = ["admin_reset"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** What the sign-in screen says to a browser whose session ended for that reason. */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  admin_reset: "An administrator reset your password. Sign in with the temporary password you were given.",
};
