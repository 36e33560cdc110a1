import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { databaseFault } from "./db/constraint-errors.js";
import { davDiscoveryRoutes, davRoutes } from "./dav/routes.js";
import { AppError, RetryLaterError } from "./errors.js";
import { resolveClientIp } from "./http/client-ip.js";
import { databaseFailureResponse } from "./http/database-errors.js";
import type { AppDeps, AppEnv } from "./http/env.js";
import { apiReferenceRoutes } from "./http/api-docs.js";
import { healthRoutes, liveness, livenessOp } from "./http/health.js";
import { refuseDeepJson } from "./http/json-depth.js";
import { refuseNulInUrl } from "./http/nul.js";
import { defaultHeaders, originCheck, securityHeaders } from "./http/security.js";
import { spaRoutes } from "./http/spa.js";
import { accountRoutes } from "./routes/account.js";
import { authRoutes } from "./routes/auth.js";
import { clientLogRoutes } from "./routes/client-log.js";
import { meRoutes } from "./routes/me.js";
import { organizationRoutes } from "./routes/organizations.js";
import { sessionEndRoutes } from "./routes/session-end.js";

const JSON_BODY_LIMIT = 1024 * 1024;
// File uploads: each route sets its own, larger limit (imports, a contact's photo).
const FILE_UPLOAD = /^\/api\/orgs\/[^/]+\/(imports(\/preview)?|contacts\/[^/]+\/photo)$/;

/** The JSON API under /api; its type is what the web client is built from (web/api-client.ts). */
const apiRoutes = new Hono<AppEnv>()
  .route("/me", meRoutes)
  .route("/account", accountRoutes)
  .route("/orgs", organizationRoutes)
  .route("/client-log", clientLogRoutes)
  .route("/session-end", sessionEndRoutes);

export type ApiRoutes = typeof apiRoutes;

/** Builds the whole HTTP app from its dependencies; nothing global, so each test makes its own. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  deps.database.availability.setLogger(deps.log);

  app.use("*", defaultHeaders(securityHeaders(deps.config.appUrl)));
  app.use("/api/*", defaultHeaders([["Cache-Control", "no-store"]]));
  // A supervisor polls liveness and it reads nothing: it answers here, past the headers and the NUL
  // check alone.
  app.get("/api/health/live", livenessOp, refuseNulInUrl, liveness);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("clientIp", resolveClientIp(c, deps.config.trustProxy));
    await next();
  });
  app.use("/api/*", originCheck(deps.config.appUrl, deps.log));
  app.use("/api/*", refuseNulInUrl);
  const limitBody = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => c.json({ error: { code: "TOO_LARGE", message: "The request is too large." } }, 413),
  });
  // GET and HEAD carry no body, and asking for one builds a whole Request object: 3% of a list page's CPU.
  // File uploads have their own, larger limit on their route (imports.ts, contact-photos.ts). Within the
  // limit, no body nested deeper than MAX_JSON_DEPTH reaches a parser (ours or Better Auth's).
  app.use("/api/*", (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" || FILE_UPLOAD.test(c.req.path)
      ? next()
      : limitBody(c, () => refuseDeepJson(c, next)),
  );

  app.route("/api/health", healthRoutes());
  app.route("/api/auth", authRoutes());
  app.route("/api", apiRoutes);
  // The OpenAPI document of the routes above, and its reference page (ADR 023).
  app.route("/api", apiReferenceRoutes(app));
  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: "Not found." } }, 404));

  // CardDAV (ADR 013): its own auth (app passwords), errors and body limit; discovery from the root.
  app.route("/dav", davRoutes());
  app.route("/", davDiscoveryRoutes());
  app.route("/", spaRoutes(deps.config.webDir));

  app.onError((err, c) => {
    if (err instanceof RetryLaterError) c.header("Retry-After", String(err.retryAfterSeconds));
    if (err instanceof AppError) return c.json({ error: { code: err.code, message: err.message, ...err.details } }, err.status);
    if (err instanceof HTTPException) {
      return c.json({ error: { code: "HTTP_ERROR", message: err.message || "Request failed." } }, err.status);
    }
    const unavailable = databaseFailureResponse(err, c);
    if (unavailable) return unavailable;
    const fault = databaseFault(err);
    if (fault) return c.json({ error: FAULT_ANSWERS[fault].error }, FAULT_ANSWERS[fault].status);
    deps.log.error("unhandled error", { method: c.req.method, path: c.req.path, error: String(err?.stack ?? err) });
    return c.json({ error: { code: "UNKNOWN", message: "Something went wrong. Please try again." } }, 500);
  });
  return app;
}

// A constraint the database enforced under a race (two adds of one address, a group deleted while
// members are added) or a value validation let through: the client's fault, never a 500.
const FAULT_ANSWERS = {
  unique: { status: 409, error: { code: "CONFLICT", message: "This was changed by another request at the same time. Please try again." } },
  foreign_key: { status: 404, error: { code: "NOT_FOUND", message: "Not found." } },
  bad_value: { status: 400, error: { code: "VALIDATION", message: "The request contains a value that is not valid." } },
} as const;

export type App = ReturnType<typeof createApp>;
