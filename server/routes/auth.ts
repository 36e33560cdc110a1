import { Hono } from "hono";
import { CLIENT_IP_HEADER } from "../auth/auth.js";
import type { AppEnv } from "../http/env.js";
import { containsNul, nulRefused } from "../http/nul.js";

/**
 * The Better Auth endpoints reachable from outside. Everything else Better Auth offers (sign-up,
 * user updates, account deletion, session listing, its reset and verification endpoints...) is
 * closed: where the product needs it, our own routes call it with our validation and policies.
 */
const ALLOWED: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/sign-in\/password$/ },
  { method: "POST", path: /^\/sign-out$/ },
];

const FORWARDED_IP_HEADERS = ["x-forwarded-for", "x-real-ip", "cf-connecting-ip", "x-client-ip", CLIENT_IP_HEADER];

export function authRoutes() {
  const app = new Hono<AppEnv>();
  app.all("/*", async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, "");
    if (!ALLOWED.some((rule) => rule.method === c.req.method && rule.path.test(path))) {
      return c.json({ error: { code: "NOT_FOUND", message: "Not found." } }, 404);
    }
    // Better Auth keys its rate limits on this header, so only the address we resolved may reach it.
    const headers = new Headers(c.req.raw.headers);
    for (const name of FORWARDED_IP_HEADERS) headers.delete(name);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    // Read through Hono, which keeps the text the nesting check (server/http/json-depth.ts) already read.
    const body = c.req.method === "POST" ? await c.req.text() : undefined;
    if (body && containsNul(parseOrText(body))) throw nulRefused();
    const request = new Request(c.req.raw.url, { method: c.req.method, headers, ...(body !== undefined ? { body } : {}) });
    if (path !== "/sign-out") return c.var.deps.auth.handler(request);
    // The person's open live streams of this session close at once (they re-check their sessions).
    const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    const response = await c.var.deps.auth.handler(request);
    if (session) c.var.deps.events.recheck(session.user.id);
    return response;
  });
  return app;
}

function parseOrText(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
