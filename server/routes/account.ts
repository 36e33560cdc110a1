import { Hono } from "hono";
import { z } from "zod";
import { resetPasswordSchema, tokenSchema } from "../../shared/account-schemas.js";
import { emailSchema } from "../../shared/email-schema.js";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { jsonBody } from "../http/validate.js";
import { verifyEmailToken } from "../services/account.js";
import { checkResetToken, completePasswordReset, requestPasswordReset } from "../services/password-reset.js";

const requestBody = z.object({ email: emailSchema });

/** Public account flows: password reset by e-mailed link, and e-mail confirmation. */
export const accountRoutes = new Hono<AppEnv>()
  .post("/password-reset/request", rateLimit({ name: "reset-request", max: 3, windowSeconds: 60 }), jsonBody(requestBody), async (c) => {
    requestPasswordReset(c.var.deps, c.req.valid("json").email);
    return c.json({ ok: true as const });
  })
  .post("/password-reset/verify", rateLimit({ name: "reset-verify", max: 30, windowSeconds: 60 }), jsonBody(tokenSchema), async (c) => {
    await checkResetToken(c.var.deps, c.req.valid("json").token);
    return c.json({ valid: true as const });
  })
  .post(
    "/password-reset/complete",
    rateLimit({ name: "reset-complete", max: 10, windowSeconds: 60 }),
    jsonBody(resetPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      await completePasswordReset(c.var.deps, token, password);
      return c.json({ ok: true as const });
    },
  )
  .post("/verify-email", rateLimit({ name: "verify-email", max: 30, windowSeconds: 60 }), jsonBody(tokenSchema), async (c) => {
    await verifyEmailToken(c.var.deps, c.req.valid("json").token);
    return c.json({ ok: true as const });
  });
