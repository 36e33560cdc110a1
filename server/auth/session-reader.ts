import { createHmac, timingSafeEqual } from "node:crypto";
import type { MembershipFacts, SessionLookup } from "../db/repositories/users.js";
import type { Auth } from "./auth.js";

export interface SessionActor {
  userId: string;
  email: string;
  sessionId: string;
  /** Signed in with a temporary password not yet replaced (undefined: not read on this path). */
  mustChangePassword?: boolean;
}

export interface SessionRead {
  actor: SessionActor;
  /** The membership of the organization asked about, when it was read with the session (null: none). */
  membership?: MembershipFacts | null;
}

/** Signed cookie values whose signature was checked; a client keeps one for days. */
const VERIFIED_CACHE = 10_000;

const toMs = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** The value of cookie `name` in a Cookie header, URI-decoded, or null. */
function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The token of a signed session cookie value whose signature is right, else null. */
function tokenOf(signed: string | null, secret: string): string | null {
  const dot = signed?.lastIndexOf(".") ?? -1;
  if (!signed || dot < 1) return null;
  const token = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The session token a request's cookie carries, signature checked, whether or not its session still exists. */
export async function sessionCookieToken(auth: Auth, secret: string, headers: Headers): Promise<string | null> {
  const ctx = await auth.$context;
  return tokenOf(readCookie(headers.get("cookie"), ctx.authCookies.sessionToken.name), secret);
}

/**
 * Reads the signed-in user of a request with one indexed query. Better Auth's getSession does the
 * same checks (the cookie's HMAC-SHA256 signature with the app's secret, the session row, its
 * expiry) but costs about a millisecond of CPU per request in its own machinery. Anything off the
 * plain path (no or bad cookie, unknown or expired session, a session due for its daily refresh)
 * goes to Better Auth itself, so it keeps deciding and refreshing exactly as before.
 */
export function createSessionReader(auth: Auth, findSession: SessionLookup, secret: string) {
  const settings = auth.$context.then((ctx) => ({
    cookieName: ctx.authCookies.sessionToken.name,
    refreshAfterMs: (ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge) * 1000,
  }));

  const verified = new Set<string>();
  const fast = async (headers: Headers, organizationId: string | undefined): Promise<SessionRead | null> => {
    const { cookieName, refreshAfterMs } = await settings;
    const signed = readCookie(headers.get("cookie"), cookieName);
    const dot = signed?.lastIndexOf(".") ?? -1;
    if (!signed || dot < 1) return null;
    const token = signed.slice(0, dot);
    if (!verified.has(signed)) {
      if (tokenOf(signed, secret) === null) return null;
      // Only the signature check is remembered; the session row is still read on every request.
      if (verified.size >= VERIFIED_CACHE) verified.clear();
      verified.add(signed);
    }
    const row = await findSession(token, organizationId);
    if (!row) return null;
    const expiresAt = toMs(row.expiresAt);
    const now = Date.now();
    // Expired, or old enough that Better Auth would push its expiry out: let Better Auth handle it.
    if (!(expiresAt > now) || expiresAt - refreshAfterMs <= now) return null;
    const actor = { userId: row.userId, email: row.email, sessionId: row.id, mustChangePassword: row.mustChange !== null };
    return row.membership === undefined ? { actor } : { actor, membership: row.membership };
  };

  /** The request's signed-in user, and with `organizationId` their membership of it in the same read. */
  return async (headers: Headers, organizationId?: string): Promise<SessionRead | null> => {
    const read = await fast(headers, organizationId);
    if (read) return read;
    const session = await auth.api.getSession({ headers });
    return session ? { actor: { userId: session.user.id, email: session.user.email, sessionId: session.session.id } } : null;
  };
}
