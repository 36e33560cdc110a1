import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env.js";

/** Strict headers for every answer; the CSP is one the built SPA runs under (no inline scripts). */
export function securityHeaders(appUrl: string): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", appUrl.replace(/^http/, "ws")],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    xContentTypeOptions: "nosniff",
    strictTransportSecurity: appUrl.startsWith("https://") ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API requests from other sites: the Origin must be the app's own, or,
 * when a browser omits it, Sec-Fetch-Site must say same-origin. Clients outside browsers send Origin.
 */
export function originCheck(appUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const ok = origin ? origin === allowed : fetchSite === "same-origin";
    if (!ok) {
      return c.json({ error: { code: "FORBIDDEN_ORIGIN", message: "Cross-site request refused." } }, 403);
    }
    return next();
  };
}
