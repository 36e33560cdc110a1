import type { SessionList } from "../../shared/session-types.js";
import { describeUserAgent } from "../../shared/user-agent.js";
import type { Actor, AppDeps } from "../deps.js";
import { nowIso, toIso } from "../db/ids.js";
import { conflict, notFound } from "../errors.js";
import { newDeviceSignInMail } from "../mail/templates.js";

/** How often a session's "last seen" is written: a busy tab is not a write per request. */
export const TOUCH_EVERY_MS = 5 * 60_000;
/** Sessions whose last write this process remembers; past that it forgets and writes again. */
const TOUCHED_MAX = 10_000;

const toMs = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(toIso(value)!));

/**
 * The device a sign-in came from, as coarsely as the user agent tells: the header without its version
 * numbers, so a browser's monthly update is not a new device but another browser or system is.
 */
export function deviceKey(userAgent: string | null | undefined): string {
  return (userAgent ?? "")
    .replace(/\d+(?:[._]\d+)*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

/** Where the person is signed in: their unexpired sessions, the asking one flagged. */
export async function listSessions(deps: AppDeps, actor: Actor): Promise<SessionList> {
  const now = Date.now();
  const rows = await deps.repos.sessions.listOfUser(actor.userId);
  return {
    items: rows
      .filter((row) => toMs(row.expiresAt) > now)
      .map((row) => ({
        id: row.id,
        current: row.id === actor.sessionId,
        userAgent: row.userAgent,
        ip: row.ipAddress,
        createdAt: toIso(row.createdAt)!,
        // Never written yet (a session made before migration 0069, or unused since sign-in): its refresh time.
        lastActiveAt: toIso(row.lastActiveAt ?? row.updatedAt)!,
      })),
  };
}

/**
 * Signs one of the person's other sessions out. The asking session is refused (409): signing out is
 * POST /api/auth/sign-out, which also clears the cookie.
 */
export async function revokeSession(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (id === actor.sessionId) throw conflict("This is the session you are using. Use Sign out instead.", "CURRENT_SESSION");
  if (!(await deps.repos.sessions.delete(actor.userId, id))) throw notFound("Session not found.");
  // Open live streams of the ended session close at once (they re-check their sessions).
  deps.events.recheck(actor.userId);
}

/** 'Sign out everywhere else': every session of the person but the asking one. */
export async function revokeOtherSessions(deps: AppDeps, actor: Actor): Promise<{ revoked: number }> {
  const revoked = await deps.repos.sessions.deleteOthers(actor.userId, actor.sessionId);
  if (revoked > 0) deps.events.recheck(actor.userId);
  return { revoked };
}

/**
 * Records a use of the session at most every TOUCH_EVERY_MS per process (each instance may write once).
 * Not awaited and never failing: a read must not wait on a write lock, nor fail on a full or read-only
 * database, for the sake of "last seen".
 */
export function sessionToucher(deps: Pick<AppDeps, "repos">) {
  const touched = new Map<string, number>();
  return (sessionId: string): void => {
    const now = Date.now();
    const last = touched.get(sessionId);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    if (touched.size >= TOUCHED_MAX) touched.clear();
    touched.set(sessionId, now);
    deps.repos.sessions.touch(sessionId, new Date(now)).catch(() => undefined);
  };
}

/**
 * After a successful sign-in: remembers its device, and mails the person when the device is new to an
 * account that had signed in before (a first sign-in ever has nothing to compare with). A device is
 * known once signed in from (known_devices), or when another of the account's sessions has it (sessions
 * from before migration 0069). Off with Settings > Notifications > 'Sign-in from a new device'.
 */
export async function noticeSignIn(
  deps: AppDeps,
  sign: { userId: string; sessionToken: string | null; userAgent: string | null; ip: string | null },
): Promise<void> {
  try {
    const key = deviceKey(sign.userAgent);
    // The new session itself is not an earlier one.
    const session = sign.sessionToken ? await deps.repos.users.sessionByToken(sign.sessionToken, undefined) : undefined;
    const [known, others] = await Promise.all([
      deps.repos.sessions.knownDevices(sign.userId),
      deps.repos.sessions.otherUserAgents(sign.userId, session?.id ?? null),
    ]);
    const seen = new Set([...known, ...others.map(deviceKey)]);
    await deps.repos.sessions.rememberDevice(sign.userId, key, nowIso());
    // Like Security Alerts, mailed only when the server can send mail (not kept in the outbox otherwise).
    if (seen.size === 0 || seen.has(key) || !deps.mailer.configured) return;
    const settings = await deps.repos.notifications.settings(sign.userId);
    if (settings && !settings.new_device_sign_in) return;
    const email = await deps.repos.users.emailOf(sign.userId);
    if (!email) return;
    const url = new URL("/settings#security", deps.config.appUrl).toString();
    await deps.mailer.send(
      newDeviceSignInMail({ to: email, device: describeUserAgent(sign.userAgent).label, ip: sign.ip, at: new Date(), url }),
    );
  } catch (error) {
    // The sign-in stands; only its notice is lost.
    deps.log.warn("new-device notice not sent", { error: String(error) });
  }
}
