import { createMiddleware } from "hono/factory";
import { createSessionReader } from "../auth/session-reader.js";
import { AppError, unauthorized } from "../errors.js";
import { bearerTokenOf } from "./bearer.js";
import { sessionToucher } from "../services/sessions.js";
import type { AppDeps, AppEnv } from "./env.js";

const readers = new WeakMap<AppDeps["auth"], ReturnType<typeof createSessionReader>>();
const touchers = new WeakMap<AppDeps["auth"], ReturnType<typeof sessionToucher>>();

/** The organization a request to /api/orgs/:orgId/... is about (its membership is read with the session). */
const ORGANIZATION_PATH = /^\/api\/orgs\/([^/]+)/;

/** What someone holding a temporary password may still do: see who they are and choose a new password. */
const PASSWORD_CHANGE_PATHS = new Set(["GET /api/me", "GET /api/me/", "POST /api/me/password"]);

const passwordChangeRequired = () =>
  new AppError(403, "PASSWORD_CHANGE_REQUIRED", "Please choose a new password to replace the temporary one before you continue.");

const tokenOutsideOrganization = () =>
  new AppError(401, "INVALID_TOKEN", "API tokens work only on an organization's routes, /api/orgs/:orgId/...; sign in for the others.");

/**
 * Requires a live session (read from the database on every request) and sets c.var.actor; on an
 * organization's routes, a bearer token instead, which requireOrgMember authenticates.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, repos, config } = c.var.deps;
  let read = readers.get(auth);
  if (!read) readers.set(auth, (read = createSessionReader(auth, repos.users.sessionByToken, config.authSecret)));
  const encoded = ORGANIZATION_PATH.exec(c.req.path)?.[1];
  const organizationId = encoded === undefined ? undefined : safeDecode(encoded);
  const bearer = bearerTokenOf(c.req.header("authorization"));
  if (bearer !== undefined) {
    // A token is the request's only credential: never mixed with a session cookie (ADR 024).
    if (organizationId === undefined) throw tokenOutsideOrganization();
    c.set("bearerToken", bearer);
    return next();
  }
  const session = await read(c.req.raw.headers, organizationId);
  if (!session) throw unauthorized();
  c.set("actor", session.actor);
  // "Last seen" in Settings > Security: written at most every few minutes per session.
  let touch = touchers.get(auth);
  if (!touch) touchers.set(auth, (touch = sessionToucher(c.var.deps)));
  touch(session.actor.sessionId);
  if (!PASSWORD_CHANGE_PATHS.has(`${c.req.method} ${c.req.path}`)) {
    const must = session.actor.mustChangePassword ?? (await repos.users.mustChangePassword(session.actor.userId));
    if (must) throw passwordChangeRequired();
  }
  if (organizationId !== undefined && session.membership !== undefined) {
    c.set("membershipRead", { organizationId, membership: session.membership });
  }
  await next();
});

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
