import { APIError } from "better-auth/api";
import type { Actor, AppDeps } from "../deps.js";
import { AppError } from "../errors.js";

/**
 * Settings > Security's two-factor (ADR 022): each step is the Better Auth plugin's own endpoint,
 * called with the person's request headers so it acts on their session, and its errors answered in
 * our envelope. Turning it on or off replaces the session (the plugin re-issues it with the new
 * flag); the new cookie headers are returned for the route to pass on.
 */

const ERRORS: Record<string, () => AppError> = {
  INVALID_PASSWORD: () => new AppError(400, "INVALID_PASSWORD", "Password is incorrect"),
  INVALID_CODE: () => new AppError(400, "INVALID_CODE", "The code is not correct. Please try again."),
  TOTP_ALREADY_ENABLED: () => new AppError(409, "TWO_FACTOR_ALREADY_ENABLED", "Two-factor authentication is already on."),
  TOTP_NOT_ENABLED: () => new AppError(409, "TWO_FACTOR_NOT_SET_UP", "Turn on two-factor authentication first."),
  TWO_FACTOR_NOT_ENABLED: () => new AppError(409, "TWO_FACTOR_NOT_ENABLED", "Two-factor authentication is not on."),
};

async function plugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const known = error instanceof APIError ? ERRORS[String(error.body?.code)] : undefined;
    throw known ? known() : error;
  }
}

/** Step one: the password, then a new secret (as an otpauth:// URI) and 10 recovery codes, shown once. */
export async function startTwoFactor(deps: AppDeps, headers: Headers, password: string) {
  const result = await plugin(() => deps.auth.api.enableTwoFactor({ body: { password }, headers }));
  if (!("totpURI" in result) || !result.totpURI || !result.backupCodes) throw new Error("two-factor: no TOTP secret was issued");
  return { totpURI: result.totpURI, backupCodes: result.backupCodes };
}

/** Step two: the first code from the app turns two-factor on. */
export async function confirmTwoFactor(deps: AppDeps, actor: Actor, requestHeaders: Headers, code: string) {
  const { headers } = await plugin(() => deps.auth.api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true }));
  const facts = await deps.repos.users.facts(actor.userId);
  if (!facts?.twoFactorEnabled) throw ERRORS.TOTP_NOT_ENABLED!();
  deps.events.recheck(actor.userId);
  return { headers, answer: { twoFactorEnabled: true as const } };
}

/** Off again, with the password and a current code. */
export async function disableTwoFactor(deps: AppDeps, actor: Actor, requestHeaders: Headers, input: { password: string; code: string }) {
  const facts = await deps.repos.users.facts(actor.userId);
  if (!facts?.twoFactorEnabled) throw ERRORS.TWO_FACTOR_NOT_ENABLED!();
  await plugin(() => deps.auth.api.verifyTOTP({ body: { code: input.code }, headers: requestHeaders }));
  const { headers } = await plugin(() =>
    deps.auth.api.disableTwoFactor({ body: { password: input.password }, headers: requestHeaders, returnHeaders: true }),
  );
  // The plugin forgets only this browser's trust; every device must answer a code if it is turned on again.
  await deps.repos.users.clearTwoFactor(actor.userId);
  deps.events.recheck(actor.userId);
  return { headers, answer: { twoFactorEnabled: false as const } };
}

/** New recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: AppDeps, headers: Headers, password: string) {
  const result = await plugin(() => deps.auth.api.generateBackupCodes({ body: { password }, headers }));
  return { backupCodes: result.backupCodes };
}
