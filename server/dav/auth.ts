import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/env.js";
import { authenticateAppPassword } from "../services/app-passwords.js";

export type DavUser = AppEnv["Variables"]["davUser"];
export type DavEnv = AppEnv;

const REALM = 'Basic realm="Contactbook CardDAV", charset="UTF-8"';

/**
 * HTTP Basic with an app password (never the account password: a phone that leaks its credentials
 * leaks one revocable password, and sign-in keeps its own protections). The user name is the account's
 * e-mail address.
 */
export const requireAppPassword = createMiddleware<DavEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  let user: DavUser | null = null;
  if (match) {
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon > 0 && !decoded.includes("\0")) {
      user = await authenticateAppPassword(c.var.deps, decoded.slice(0, colon), decoded.slice(colon + 1), c.var.clientIp);
    }
  }
  if (!user) {
    return c.text("Sign in with your e-mail address and an app password (Settings > Security > App passwords).", 401, {
      "WWW-Authenticate": REALM,
    });
  }
  c.set("davUser", user);
  await next();
});
