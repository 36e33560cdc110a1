import { randomBytes } from "node:crypto";
import { APIError } from "better-auth/api";
import { RESET_TOKEN_SECONDS } from "../auth/auth.js";
import { AppError } from "../errors.js";
import { resetPasswordLink } from "../mail/links.js";
import { passwordResetMail } from "../mail/templates.js";
import type { AppDeps } from "../http/env.js";
import { findUserByEmail } from "../db/repositories/users.js";

const identifier = (token: string) => `reset-password:${token}`;
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

export const invalidResetLink = () =>
  new AppError(400, "INVALID_TOKEN", "This password reset link has expired or been used already.");

/**
 * Starts a reset: for a known address, stores a single-use token and mails the link. Unknown addresses get the same answer and
 * the mail goes out in the background, so neither the answer nor its timing tells who has an account.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) return;
  const token = await createResetToken(deps, user.id, RESET_TOKEN_SECONDS);
  const mail = passwordResetMail(user.email, resetPasswordLink(deps.config.appUrl, token));
  void deps.mailer.send(mail).catch((error) => deps.log.error("reset mail lost", { error: String(error) }));
}

/** Whether a reset token is still usable (exists, unused, unexpired) without using it. */
export async function checkResetToken(deps: AppDeps, token: string): Promise<void> {
  const ctx = await deps.auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(token));
  if (!row || new Date(row.expiresAt) < new Date()) throw invalidResetLink();
}

/**
 * Sets the new password, uses up the token and ends every session of that user. Following a mailed
 * link proves the mailbox, so the address counts as confirmed from then on.
 */
export async function completePasswordReset(deps: AppDeps, token: string, password: string): Promise<void> {
  const ctx = await deps.auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(identifier(token));
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (error instanceof APIError && error.status === "BAD_REQUEST") throw invalidResetLink();
    throw error;
  }
  if (row) await deps.database.db.updateTable("users").set({ emailVerified: true }).where("id", "=", row.value).execute();
}

/**
 * A single-use set-password token, stored as Better Auth's verification row so its reset endpoint
 * accepts it. Invitations use it too, with a longer life.
 */
export async function createResetToken(deps: AppDeps, userId: string, seconds: number): Promise<string> {
  const ctx = await deps.auth.$context;
  const token = randomBytes(24).toString("base64url");
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}
