import { Hono } from "hono";
import { twoFactorVerifySchemaFor } from "../../shared/two-factor-schemas.js";
import { CLIENT_IP_HEADER } from "../auth/auth.js";
import { PASSWORD_SIGN_IN_PATH, VERIFY_BACKUP_CODE_PATH, VERIFY_TOTP_PATH } from "../auth/two-factor.js";
import {
  PASSKEY_REGISTER_OPTIONS_PATH,
  PASSKEY_REGISTER_VERIFY_PATH,
  PASSKEY_SIGN_IN_OPTIONS_PATH,
  PASSKEY_SIGN_IN_VERIFY_PATH,
} from "../auth/passkeys.js";
import { passkeyRegisterSchema, passkeySignInSchema } from "../../shared/passkey-schemas.js";
import type { Auth } from "../auth/auth.js";
import type { AppDeps, AppEnv } from "../http/env.js";
import { containsNul, nulRefused } from "../http/nul.js";
import { noticeSignIn } from "../services/sessions.js";

/**
 * The Better Auth endpoints reachable from outside. Everything else Better Auth offers (sign-up,
 * user updates, account deletion, session listing, its reset and verification endpoints...) is
 * closed: where the product needs it, our own routes call it with our validation and policies.
 */
const ALLOWED: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/sign-in\/password$/ },
  { method: "POST", path: /^\/sign-out$/ },
  { method: "POST", path: /^\/two-factor\/verify$/ },
  // Passkeys (ADR 022): adding one while signed in, and signing in with one. Listing, renaming and
  // removing are our /api/me/passkeys routes; the plugin's own endpoints for those stay closed.
  { method: "GET", path: /^\/passkey\/generate-register-options$/ },
  { method: "POST", path: /^\/passkey\/verify-registration$/ },
  { method: "GET", path: /^\/passkey\/generate-authenticate-options$/ },
  { method: "POST", path: /^\/passkey\/verify-authentication$/ },
];

/** Our one second-step path, answered by the plugin's endpoint for the kind of code sent (ADR 022). */
const VERIFY_PATH = "/two-factor/verify";

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
    if (path === PASSKEY_REGISTER_OPTIONS_PATH || path === PASSKEY_SIGN_IN_OPTIONS_PATH) {
      // The plugin's query options (a passkey-first context, an attachment) are not ours to offer.
      const target = new URL(c.req.raw.url);
      target.search = "";
      return c.var.deps.auth.handler(new Request(target, { method: "GET", headers }));
    }
    if (path === PASSKEY_REGISTER_VERIFY_PATH) return registerPasskey(c.var.deps.auth, c.req.raw.url, headers, body);
    if (path === PASSWORD_SIGN_IN_PATH || path === VERIFY_PATH || path === PASSKEY_SIGN_IN_VERIFY_PATH) {
      // A session is made by the password alone, by the second step when two-factor is on, or by a
      // passkey, which is both factors at once: the plugin makes the session directly.
      const response =
        path === VERIFY_PATH
          ? await verifySecondStep(c.var.deps.auth, c.req.raw.url, headers, body)
          : path === PASSKEY_SIGN_IN_VERIFY_PATH
            ? await signInWithPasskey(c.var.deps.auth, c.req.raw.url, headers, body)
            : await signInAnswer(await c.var.deps.auth.handler(request));
      if (response.ok) noticeSignInLater(c.var.deps, response.clone(), c.req.header("user-agent") ?? null, c.var.clientIp);
      return response;
    }
    if (path !== "/sign-out") return c.var.deps.auth.handler(request);
    // The person's open live streams of this session close at once (they re-check their sessions).
    const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    const response = await c.var.deps.auth.handler(request);
    if (session) c.var.deps.events.recheck(session.user.id);
    return response;
  });
  return app;
}

/** Looks at a successful sign-in after answering it: a new device is mailed (server/services/sessions.ts). */
function noticeSignInLater(deps: AppDeps, response: Response, userAgent: string | null, ip: string): void {
  void (async () => {
    const body = (await response.json().catch(() => null)) as { user?: { id?: string } } | null;
    const userId = body?.user?.id;
    if (!userId) return;
    await noticeSignIn(deps, { userId, sessionToken: sessionTokenOf(response.headers.getSetCookie()), userAgent, ip });
  })().catch((error: unknown) => deps.log.warn("new-device notice not sent", { error: String(error) }));
}

/** The session token in a sign-in's Set-Cookie (`<token>.<signature>`, URI-encoded), or null. */
function sessionTokenOf(setCookies: string[]): string | null {
  for (const cookie of setCookies) {
    const match = /^[^=;]*session_token=([^;]*)/.exec(cookie);
    if (!match?.[1]) continue;
    const signed = decodeURIComponent(match[1]);
    const dot = signed.lastIndexOf(".");
    return dot > 0 ? signed.slice(0, dot) : null;
  }
  return null;
}

/**
 * A password sign-in of an account with two-factor on: the plugin's hook answered its own
 * `{ twoFactorRedirect, twoFactorMethods }` with the challenge cookie and no session; our clients get
 * `{ twoFactorRequired: true }` (the cookies stay as they are).
 */
async function signInAnswer(response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: boolean } | null;
  return answer?.twoFactorRedirect ? withBody(response, { twoFactorRequired: true }) : response;
}

/**
 * `{ code }` goes to the plugin's TOTP check and `{ backupCode }` to its recovery-code check, each
 * behind its own per-address limit (auth.ts); the plugin counts wrong codes per challenge and per account.
 */
async function verifySecondStep(auth: Auth, url: string, headers: Headers, body: string | undefined): Promise<Response> {
  const sent = parseOrText(body ?? "");
  const parsed = twoFactorVerifySchemaFor(sent).safeParse(sent);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid input.";
    return Response.json({ code: "VALIDATION_ERROR", message }, { status: 400 });
  }
  const input = parsed.data;
  const trustDevice = input.trustDevice === true;
  const [path, forwarded] =
    "backupCode" in input
      ? [VERIFY_BACKUP_CODE_PATH, { code: input.backupCode, trustDevice }]
      : [VERIFY_TOTP_PATH, { code: input.code, trustDevice }];
  const target = new URL(url);
  target.pathname = `/api/auth${path}`;
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const response = await auth.handler(new Request(target, { method: "POST", headers, body: JSON.stringify(forwarded) }));
  if (response.status !== 200) return response;
  // The plugin's answer carries the session token, which lives in the cookie only; answer as sign-in does.
  const { user } = (await response.clone().json()) as { user: { id: string; email: string; name: string } };
  return withBody(response, { user: { id: user.id, email: user.email, name: user.name } });
}

/** `{ response, name }` only (no `createSession`): the new passkey as Settings > Security lists it. */
async function registerPasskey(auth: Auth, url: string, headers: Headers, body: string | undefined): Promise<Response> {
  const parsed = passkeyRegisterSchema.safeParse(parseOrText(body ?? ""));
  if (!parsed.success) return validationError(parsed.error.issues[0]?.message);
  const response = await forward(auth, url, PASSKEY_REGISTER_VERIFY_PATH, headers, parsed.data);
  if (response.status !== 200) return response;
  const row = (await response.clone().json()) as {
    id: string;
    name?: string | null;
    createdAt: string;
    deviceType: string;
    backedUp: boolean;
  };
  return withBody(response, {
    id: row.id,
    name: row.name ?? "",
    createdAt: new Date(row.createdAt).toISOString(),
    deviceType: row.deviceType,
    backedUp: Boolean(row.backedUp),
  });
}

/** The plugin's answer carries the session token, which lives in the cookie only; answer as sign-in does. */
async function signInWithPasskey(auth: Auth, url: string, headers: Headers, body: string | undefined): Promise<Response> {
  const parsed = passkeySignInSchema.safeParse(parseOrText(body ?? ""));
  if (!parsed.success) return validationError(parsed.error.issues[0]?.message);
  const response = await forward(auth, url, PASSKEY_SIGN_IN_VERIFY_PATH, headers, parsed.data);
  if (response.status !== 200) return response;
  const { user } = (await response.clone().json()) as { user: { id: string; email: string; name: string } };
  return withBody(response, { user: { id: user.id, email: user.email, name: user.name } });
}

/** A POST to one of the plugin's endpoints with a body we rebuilt from checked input. */
function forward(auth: Auth, url: string, path: string, headers: Headers, body: unknown): Promise<Response> {
  const target = new URL(url);
  target.pathname = `/api/auth${path}`;
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return auth.handler(new Request(target, { method: "POST", headers, body: JSON.stringify(body) }));
}

function validationError(message: string | undefined): Response {
  return Response.json({ code: "VALIDATION_ERROR", message: message ?? "Invalid input." }, { status: 400 });
}

/** The same answer (status, cookies) with another JSON body. */
function withBody(response: Response, body: unknown): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

function parseOrText(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
