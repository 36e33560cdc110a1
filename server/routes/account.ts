import { Hono } from "hono";
import { resetPasswordSchema, tokenSchema } from "../../shared/account-schemas.js";
import { emailSchema } from "../../shared/email.js";
import { z } from "zod";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { parseJson } from "../http/validate.js";
import { verifyEmailToken } from "../services/account.js";
import { checkResetToken, completePasswordReset, requestPasswordReset } from "../services/password-reset.js";

const requestBody = z.object({ email: emailSchema });

/** Public account flows: password reset by e-mailed link, and e-mail confirmation. */
export function accountRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/password-reset/request", rateLimit({ name: "reset-request", max: 3, windowSeconds: 60 }), async (c) => {
    const { email } = await parseJson(c, requestBody);
    requestPasswordReset(c.var.deps, email);
    return c.json({ ok: true });
  });
  app.post("/password-reset/verify", rateLimit({ name: "reset-verify", max: 30, windowSeconds: 60 }), async (c) => {
    const { token } = await parseJson(c, tokenSchema);
    await checkResetToken(c.var.deps, token);
    return c.json({ valid: true });
  });
  app.post("/password-reset/complete", rateLimit({ name: "reset-complete", max: 10, windowSeconds: 60 }), async (c) => {
    const { token, password } = await parseJson(c, resetPasswordSchema);
    await completePasswordReset(c.var.deps, token, password);
    return c.json({ ok: true });
  });
  app.post("/verify-email", rateLimit({ name: "verify-email", max: 30, windowSeconds: 60 }), async (c) => {
    const { token } = await parseJson(c, tokenSchema);
    await verifyEmailToken(c.var.deps, token);
    return c.json({ ok: true });
  });
  return app;
}
