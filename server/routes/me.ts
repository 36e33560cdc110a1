import { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { requireSession } from "../http/session.js";
import { getMe } from "../services/me.js";

export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", requireSession, async (c) => c.json(await getMe(c.var.deps.database, c.var.actor)));
  return app;
}
