import { Hono } from "hono";
import { z } from "zod";
import { joinInvitationSchema, resetPasswordSchema, tokenSchema } from "../../shared/account-schemas.js";
import { emailSchema } from "../../shared/email-schema.js";
import type { AppEnv } from "../http/env.js";
import { accountOps } from "./openapi-operations.js";
import { rateLimit } from "../http/rate-limit.js";
import { jsonBody } from "../http/validate.js";
import { verifyEmailToken } from "../services/account.js";
import { describeInvitationLink, joinByInvitationLink } from "../services/invitation-link.js";
import { checkResetToken, completePasswordReset, requestPasswordReset } from "../services/password-reset.js";

const requestBody = z.object({ email: emailSchema });

/** Public account flows: password reset by e-mailed link, and e-mail confirmation. */
export const accountRoutes = new Hono<AppEnv>()
  .post(
    "/password-reset/request",
    accountOps.resetRequest,
    rateLimit({ name: "reset-request", max: 3, windowSeconds: 60 }),
    jsonBody(requestBody),
    async (c) => {
      requestPasswordReset(c.var.deps, c.req.valid("json").email);
      return c.json({ ok: true as const });
    },
  )
  .post(
    "/password-reset/verify",
    accountOps.resetVerify,
    rateLimit({ name: "reset-verify", max: 30, windowSeconds: 60 }),
    jsonBody(tokenSchema),
    async (c) => {
      await checkResetToken(c.var.deps, c.req.valid("json").token);
      return c.json({ valid: true as const });
    },
  )
  .post(
    "/password-reset/complete",
    accountOps.resetComplete,
    rateLimit({ name: "reset-complete", max: 10, windowSeconds: 60 }),
    jsonBody(resetPasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid("json");
      await completePasswordReset(c.var.deps, token, password);
      return c.json({ ok: true as const });
    },
  )
  // The invitation page (/join): what the mailed link is for, then joining with a name and a password.
  .post(
    "/invitation/verify",
    accountOps.invitationVerify,
    rateLimit({ name: "invitation-verify", max: 30, windowSeconds: 60 }),
    jsonBody(tokenSchema),
    async (c) => {
      return c.json(await describeInvitationLink(c.var.deps, c.req.valid("json").token));
    },
  )
  .post(
    "/invitation/join",
    accountOps.invitationJoin,
    rateLimit({ name: "invitation-join", max: 10, windowSeconds: 60 }),
    jsonBody(joinInvitationSchema),
    async (c) => c.json(await joinByInvitationLink(c.var.deps, c.req.valid("json"))),
  )
  .post(
    "/verify-email",
    accountOps.verifyEmail,
    rateLimit({ name: "verify-email", max: 30, windowSeconds: 60 }),
    jsonBody(tokenSchema),
    async (c) => {
      await verifyEmailToken(c.var.deps, c.req.valid("json").token);
      return c.json({ ok: true as const });
    },
  );
