import { APIError } from "better-auth/api";
import { AppError } from "../errors.js";
import { nowIso } from "../db/ids.js";
import type { Actor, AppDeps } from "../http/env.js";

/** Sets the signed-in user's own display name (profile and Better Auth's copy stay in step). */
export async function updateOwnProfile(deps: AppDeps, actor: Actor, name: string): Promise<{ name: string }> {
  const now = nowIso();
  await deps.database.db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable("profiles").set({ name, updated_at: now }).where("user_id", "=", actor.userId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx.insertInto("profiles").values({ user_id: actor.userId, name, created_at: now, updated_at: now }).execute();
    }
    await trx.updateTable("users").set({ name, updatedAt: now }).where("id", "=", actor.userId).execute();
  });
  return { name };
}

/**
 * Changes the signed-in user's password after checking the current one. Every other session of the
 * user ends; this one is replaced by a fresh session whose cookie headers are returned.
 */
export async function changeOwnPassword(
  deps: AppDeps,
  requestHeaders: Headers,
  input: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    if (error instanceof APIError && error.body?.code === "INVALID_PASSWORD") {
      throw new AppError(400, "INVALID_CURRENT_PASSWORD", "Current password is incorrect");
    }
    throw error;
  }
}

/** Confirms an e-mail address from the token of a confirmation link. */
export async function verifyEmailToken(deps: AppDeps, token: string): Promise<void> {
  try {
    await deps.auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError(400, "access_denied", "Email link has expired or is invalid. Please request a new confirmation email.");
    }
    throw error;
  }
}

/** Sends (again) the confirmation link for an address; used when an admin creates an account. */
export async function sendEmailConfirmation(deps: AppDeps, email: string): Promise<void> {
  await deps.auth.api.sendVerificationEmail({ body: { email } });
}
