import { createMiddleware } from "hono/factory";
import { createSessionReader } from "../auth/session-reader.js";
import { unauthorized } from "../errors.js";
import type { AppDeps, AppEnv } from "./env.js";

const readers = new WeakMap<AppDeps["auth"], ReturnType<typeof createSessionReader>>();

/** The organization a request to /api/orgs/:orgId/... is about (its membership is read with the session). */
const ORGANIZATION_PATH = /^\/api\/orgs\/([^/]+)/;

/** Requires a live session (read from the database on every request) and sets c.var.actor. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, repos, config } = c.var.deps;
  let read = readers.get(auth);
  if (!read) readers.set(auth, (read = createSessionReader(auth, repos.users.sessionByToken, config.authSecret)));
  const encoded = ORGANIZATION_PATH.exec(c.req.path)?.[1];
  const organizationId = encoded === undefined ? undefined : safeDecode(encoded);
  const session = await read(c.req.raw.headers, organizationId);
  if (!session) throw unauthorized();
  c.set("actor", session.actor);
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
