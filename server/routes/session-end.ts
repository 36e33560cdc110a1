import { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { accountOps } from "./openapi-operations.js";
import { sessionEndReason } from "../services/session-end.js";

/** Signed out: why, when someone else ended this browser's session (read by the sign-in screen). */
export const sessionEndRoutes = new Hono<AppEnv>().get("/", accountOps.sessionEnd, async (c) =>
  c.json(await sessionEndReason(c.var.deps, c.req.raw.headers)),
);
