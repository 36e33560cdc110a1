import { DEFAULT_ORGANIZATION_NAME } from "../../shared/constants.js";
import { userDisplayName } from "../../shared/user-display.js";
import type { Actor, AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";

/**
 * Spec section 4: a person who belongs to no organization (removed from their only one, say) gets one
 * named 'My Organization', owned by them. Done here, once: two tabs asking at once make one.
 */
async function ensureOrganization(deps: AppDeps, actor: Actor): Promise<boolean> {
  return deps.repos.transaction(async (repos) => {
    await repos.organizations.lockForUser(actor.userId);
    if ((await repos.organizations.countOfUser(actor.userId)) > 0) return false;
    await repos.organizations.insertWithOwner(DEFAULT_ORGANIZATION_NAME, actor.userId);
    return true;
  });
}

/**
 * The signed-in user's own view: profile name, account facts and every organization with role. With
 * `ensureOrganization`, someone with no organization is given their own first.
 */
export async function getMe(deps: AppDeps, actor: Actor, options: { ensureOrganization?: boolean } = {}) {
  const { repos } = deps;
  let organizations = await repos.organizations.listOfUser(actor.userId);
  let defaultOrganizationCreated = false;
  if (organizations.length === 0 && options.ensureOrganization) {
    defaultOrganizationCreated = await ensureOrganization(deps, actor);
    // Read again either way: a concurrent request may have made it meanwhile.
    organizations = await repos.organizations.listOfUser(actor.userId);
  }
  const [name, user, lastSignIn, mustChangePassword, welcomePending] = await Promise.all([
    repos.profiles.findName(actor.userId),
    repos.users.facts(actor.userId),
    repos.users.lastSignIn(actor.userId),
    repos.users.mustChangePassword(actor.userId),
    repos.users.welcomePending(actor.userId),
  ]);
  return {
    user: {
      id: actor.userId,
      email: actor.email,
      name: userDisplayName(name, actor.email),
      emailVerified: Boolean(user?.emailVerified),
      createdAt: toIso(user?.createdAt),
      lastSignInAt: toIso(lastSignIn),
      /** Signed in with a temporary password: the app asks for a new one before anything else. */
      mustChangePassword,
      /** Settings > Security: two-factor is on (ADR 022). */
      twoFactorEnabled: Boolean(user?.twoFactorEnabled),
      /** Settings > Security: at least one passkey, which also counts as two-factor. */
      hasPasskey: Boolean(user?.hasPasskey),
      /** The first administrator, not yet asked for their name and the organization's (asked once). */
      welcomePending,
    },
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role,
      isOwner: o.owner_id === actor.userId,
      /** 'Staff may sync the book to their devices' (CardDAV). */
      staffCardDav: Boolean(o.staff_carddav),
      /** 'Every contact needs a phone number'. */
      requirePhone: Boolean(o.require_phone),
      /** 'Require two-factor for everyone in this organization'. */
      requireTwoFactor: Boolean(o.require_two_factor),
      created_at: toIso(o.created_at),
    })),
    /** True on the one answer that created 'My Organization', so the app can say so. */
    defaultOrganizationCreated,
    /**
     * APP_URL, for owners and admins only: the app tells them when they reached it by another address,
     * since mailed links (invitations, resets) use APP_URL.
     */
    appUrl: organizations.some((o) => o.role === "admin" || o.owner_id === actor.userId) ? deps.config.appUrl : null,
  };
}

/** The first administrator answered or skipped the welcome: it is not asked again. */
export async function finishWelcome(deps: AppDeps, actor: Actor): Promise<{ welcomePending: false }> {
  await deps.repos.users.clearWelcome(actor.userId);
  return { welcomePending: false };
}
