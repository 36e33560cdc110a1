import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { originMatchesHost } from "../auth/same-host.js";
import { isBearerRequest } from "./bearer.js";
import type { Logger } from "../logger.js";
import type { AppEnv } from "./env.js";

/** The CSP the built SPA runs under (no inline scripts). */
function contentSecurityPolicy(appUrl: string): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    // Radix and sonner position elements with inline style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", appUrl.replace(/^http/, "ws")],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Strict headers for every answer (the set Hono's secureHeaders sent, with our CSP). */
export function securityHeaders(appUrl: string): [name: string, value: string][] {
  return [
    ["Content-Security-Policy", contentSecurityPolicy(appUrl)],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(appUrl.startsWith("https://") ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
  ];
}

/**
 * Adds `headers` to every answer that does not set them itself. Served by Node, they go on Node's own
 * response before the handler runs, and the answer stays on @hono/node-server's fast path (a string
 * body and plain headers written at once): set afterwards, c.header() re-wraps the answer as a stream
 * the adapter reads chunk by chunk (about half a list page's round trip), and setting them on the
 * Response's Headers (as Hono's secureHeaders does) costs a Headers object on every answer.
 * Under app.request() (tests) there is no Node response, and the headers are set on the Response.
 */
export function defaultHeaders(headers: readonly [name: string, value: string][]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      // Node lets the handler's own headers (writeHead's) win over these.
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    const answer = c.res.headers;
    for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The address a browser used, as an origin, when it is not APP_URL's; null when it is. */
function otherAddress(allowed: string, origin: string | undefined, requestUrl: string): string | null {
  if (origin && origin !== allowed && originMatchesHost(origin, requestUrl)) return origin;
  return null;
}

/**
 * Refuses state-changing API requests from other sites: the Origin must be the app's own (APP_URL's,
 * or the host the request was sent to), or, when a browser omits it, Sec-Fetch-Site must say
 * same-origin. Clients outside browsers send Origin, or bear an API token (no ambient credential, ADR 024).
 * The first request by another address than APP_URL's is logged once, since mailed links still point to
 * APP_URL.
 */
export function originCheck(appUrl: string, log: Logger): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appUrl).origin;
  let told = false;
  return async (c, next) => {
    const origin = c.req.header("origin");
    const other = otherAddress(allowed, origin, c.req.url);
    if (other && !told) {
      told = true;
      log.warn(`APP_URL (${allowed}) differs from the address in use (${other}); mailed links use APP_URL`, {
        appUrl: allowed,
        addressInUse: other,
      });
    }
    if (SAFE_METHODS.has(c.req.method)) return next();
    // An API token authenticates the request by itself; its cookies are never read (ADR 024).
    if (isBearerRequest(c.req.path, c.req.header("authorization"))) return next();
    const fetchSite = c.req.header("sec-fetch-site");
    const ok = origin ? origin === allowed || other !== null : fetchSite === "same-origin";
    if (!ok) {
      return c.json({ error: { code: "FORBIDDEN_ORIGIN", message: "Cross-site request refused." } }, 403);
    }
    return next();
  };
}
