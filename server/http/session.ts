import { createMiddleware } from "hono/factory";
import { createSessionReader } from "../auth/session-reader.js";
import { unauthorized } from "../errors.js";
import type { AppDeps, AppEnv } from "./env.js";

const readers = new WeakMap<AppDeps["auth"], ReturnType<typeof createSessionReader>>();

/** Requires a live session (read from the database on every request) and sets c.var.actor. */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, repos, config } = c.var.deps;
  let read = readers.get(auth);
  if (!read) readers.set(auth, (read = createSessionReader(auth, repos.users.sessionByToken, config.authSecret)));
  const actor = await read(c.req.raw.headers);
  if (!actor) throw unauthorized();
  c.set("actor", actor);
  await next();
});
