import { APIError } from "better-auth/api";
import { AppError } from "../errors.js";
import type { Actor, AppDeps } from "../deps.js";
import { emailConfirmationLink } from "../mail/links.js";
import { emailConfirmationMail } from "../mail/templates.js";
import { consumeToken, issueToken, revokeAccountTokens } from "./account-tokens.js";
import { noticePasswordChanged } from "./notices.js";

/** Confirmation links work once, for three days. */
export const CONFIRMATION_SECONDS = 3 * 24 * 60 * 60;

/** Sets the signed-in user's own display name (profile and Better Auth's copy stay in step). */
export async function updateOwnProfile(deps: AppDeps, actor: Actor, name: string): Promise<{ name: string }> {
  await deps.repos.transaction((repos) => repos.profiles.setName(actor.userId, name));
  return { name };
}

/**
 * Changes the signed-in user's password after checking the current one. Every other session of the
 * user ends and every outstanding link (reset, invitation, confirmation) stops working; this session
 * is replaced by a fresh one whose cookie headers are returned.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  actor: Actor,
  requestHeaders: Headers,
  input: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await revokeAccountTokens(deps, actor.userId);
    await deps.repos.users.clearPasswordChange(actor.userId);
    deps.events.recheck(actor.userId);
    noticePasswordChanged(deps, actor.userId, "changed");
    return headers;
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      throw new AppError(400, "INVALID_CURRENT_PASSWORD", "Current password is incorrect");
    }
    throw error;
  }
}

const invalidConfirmationLink = () =>
  new AppError(400, "access_denied", "Email link has expired or is invalid. Please request a new confirmation email.");

/** Confirms an e-mail address from the token of a confirmation link (single use). */
export async function verifyEmailToken(deps: AppDeps, token: string): Promise<void> {
  const userId = await consumeToken(deps, "confirm-email", token);
  if (!userId) throw invalidConfirmationLink();
  await deps.repos.users.confirmEmail(userId);
}

/** Mails the person a link that confirms their address; a newer link replaces the older one. */
export async function sendEmailConfirmation(deps: AppDeps, user: { id: string; email: string }): Promise<void> {
  const token = await issueToken(deps, "confirm-email", user.id, CONFIRMATION_SECONDS);
  await deps.mailer.send(emailConfirmationMail(user.email, emailConfirmationLink(deps.config.appUrl, token)));
}
