import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { isValidEmail } from "../../shared/email.js";

const INVALID = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" };

/**
 * E-mail and password sign-in with our own address rule. Better Auth's built-in /sign-in/email
 * insists on a dotted domain, which refuses the first-run admin@localhost; this endpoint is the same
 * flow (constant-time miss, session row, signed cookie) behind the shared validation instead.
 */
export const passwordSignIn = () =>
  ({
    id: "contactbook-password-sign-in",
    endpoints: {
      signInPassword: createAuthEndpoint(
        "/sign-in/password",
        {
          method: "POST",
          body: z.object({ email: z.string().max(254), password: z.string().max(1000), rememberMe: z.boolean().optional() }),
        },
        async (ctx) => {
          const email = ctx.body.email.trim().toLowerCase();
          const { password } = ctx.body;
          if (!isValidEmail(email))
            throw new APIError("BAD_REQUEST", { code: "INVALID_EMAIL", message: "Please enter a valid email address" });
          const record = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
          const account = record?.accounts.find((a) => a.providerId === "credential" && a.accountId === record.user.id);
          if (!record || !account?.password) {
            // Hash anyway so a missing account takes as long as a wrong password.
            await ctx.context.password.hash(password);
            throw new APIError("UNAUTHORIZED", INVALID);
          }
          if (!(await ctx.context.password.verify({ hash: account.password, password }))) {
            throw new APIError("UNAUTHORIZED", INVALID);
          }
          const dontRemember = ctx.body.rememberMe === false;
          const session = await ctx.context.internalAdapter.createSession(record.user.id, dontRemember);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "Failed to create session" });
          await setSessionCookie(ctx, { session, user: record.user }, dontRemember);
          return ctx.json({ user: { id: record.user.id, email: record.user.email, name: record.user.name } });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
