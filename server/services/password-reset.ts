import { APIError } from "better-auth/api";
import { RESET_TOKEN_SECONDS } from "../auth/auth.js";
import { AppError } from "../errors.js";
import type { AppDeps } from "../deps.js";
import { resetPasswordLink } from "../mail/links.js";
import { passwordResetMail } from "../mail/templates.js";
import { issueToken, linkTokenHash, peekToken, revokeAccountTokens } from "./account-tokens.js";
import { acceptInvitationsByLink } from "./invitations.js";
import { noticePasswordChanged } from "./notices.js";

export const invalidResetLink = () => new AppError(400, "INVALID_TOKEN", "This password reset link has expired or been used already.");

/** Issues a reset link for the account (revoking its older ones) and mails it to the person. */
export async function mailPasswordReset(deps: AppDeps, user: { id: string; email: string }): Promise<void> {
  const token = await issueToken(deps, "reset-password", user.id, RESET_TOKEN_SECONDS);
  await deps.mailer.send(passwordResetMail(user.email, resetPasswordLink(deps.config.appUrl, token)));
}

/**
 * Starts a reset. The answer goes back before the address is even looked up: known and unknown
 * addresses cost the request the same, so neither the answer nor its timing tells who has an account.
 */
export function requestPasswordReset(deps: AppDeps, email: string): void {
  void (async () => {
    const user = await deps.repos.users.findByEmail(email);
    if (user) await mailPasswordReset(deps, user);
  })().catch((error) => deps.log.error("password reset request failed", { error: String(error) }));
}

/** Whether a reset token is still usable (exists, unused, unexpired, account there) without using it. */
export async function checkResetToken(deps: AppDeps, token: string): Promise<void> {
  if (!(await peekToken(deps, "reset-password", token))) throw invalidResetLink();
}

/**
 * Sets the new password, uses up the token, ends every session and revokes every other outstanding
 * link of that account. Following a mailed link proves the mailbox, so the address counts as confirmed;
 * if the link came with an invitation, that invitation is accepted.
 */
export async function completePasswordReset(deps: AppDeps, token: string, password: string): Promise<void> {
  const userId = await peekToken(deps, "reset-password", token);
  if (!userId) throw invalidResetLink();
  // A first password chosen through an invitation's link is no reset: nothing to alert about.
  const hadPassword = await deps.repos.users.hasPassword(userId);
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    if (error instanceof APIError && error.status === "BAD_REQUEST") throw invalidResetLink();
    throw error;
  }
  await revokeAccountTokens(deps, userId);
  await deps.repos.users.clearPasswordChange(userId);
  deps.events.recheck(userId);
  if (hadPassword) noticePasswordChanged(deps, userId, "reset");
  await deps.repos.users.confirmEmail(userId);
  await acceptInvitationsByLink(deps, userId, linkTokenHash(token));
}
