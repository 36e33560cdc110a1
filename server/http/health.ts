import { type Handler, Hono } from "hono";
import type { AppEnv } from "./env.js";
import { jsonOf, op } from "./openapi.js";

/** A readiness answer never waits longer than this for the database. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * Liveness (`/api/health/live`: the process answers; createApp mounts it ahead of the middleware that
 * a probe does not need) and readiness (`/api/health`: a real round trip to the database, and what the
 * last calls learnt, such as a full disk). A load balancer routes on readiness; a supervisor restarts
 * on liveness only, so a database outage does not restart the app.
 */
export const liveness: Handler<AppEnv> = (c) => c.json({ status: "ok" });

/** Liveness in the OpenAPI document (mounted in createApp, ahead of the middleware). */
export const livenessOp = op({
  tag: "Health",
  summary: "Liveness",
  description: "For a supervisor: answers whenever the process does, database or not.",
  public: true,
  answers: { 200: jsonOf("`{ status: 'ok' }`.") },
});

const readinessOp = op({
  tag: "Health",
  summary: "Readiness",
  description: "For a load balancer: a real round trip to the database (2 s at most).",
  public: true,
  answers: { 200: jsonOf("`{ status: 'ok' }`."), 503: jsonOf("`{ status: 'unavailable', kind, reason }`.") },
});

export function healthRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", readinessOp, async (c) => {
    if (c.var.deps.draining?.()) return c.json({ status: "unavailable", reason: "The server is shutting down." }, 503);
    const ready = await c.var.deps.database.checkReady(READINESS_TIMEOUT_MS);
    if (ready.ok) return c.json({ status: "ok" });
    return c.json({ status: "unavailable", kind: ready.kind, reason: ready.reason }, 503);
  });
  return app;
}
