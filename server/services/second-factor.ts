import { AppError } from "../errors.js";

/**
 * 'Require two-factor for everyone in this organization' (docs/security.md). The reads behind every
 * gate fetch both facts (server/db/repositories/second-factor-sql.ts).
 */

/** Whether the person has a second factor: the authenticator app of Settings > Security, or a passkey. */
export const hasSecondFactor = (user: {
  twoFactorEnabled: boolean | number | null | undefined;
  hasPasskey: boolean | number | null | undefined;
}): boolean => Boolean(user.twoFactorEnabled) || Boolean(user.hasPasskey);

export const twoFactorRequired = (organizationId: string) =>
  new AppError(
    403,
    "TWO_FACTOR_REQUIRED",
    "This organization requires two-factor authentication. Turn it on in Settings > Security to continue.",
    { organizationId },
  );

/** Refuses a member of an organization that requires a second factor when they have none. */
export function requireSecondFactorFor(
  organizationId: string,
  facts: { require_two_factor: boolean | number; twoFactorEnabled: boolean | number; hasPasskey: boolean | number },
): void {
  if (Boolean(facts.require_two_factor) && !hasSecondFactor(facts)) throw twoFactorRequired(organizationId);
}
