import { createMiddleware } from "hono/factory";
import { unauthorized } from "../errors.js";
import type { AppEnv } from "./env.js";

/** Requires a live session (read from the database on every request) and sets c.var.actor. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) throw unauthorized();
  c.set("actor", { userId: session.user.id, email: session.user.email, sessionId: session.session.id });
  await next();
});
