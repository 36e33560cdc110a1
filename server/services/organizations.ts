import type { Actor, AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import { conflict, notFound, rateLimited } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { hasSecondFactor } from "./second-factor.js";

/** Any signed-in user may create an organization (the creator becomes its owner, role admin), a few an hour. */
export async function createOrganization(deps: AppDeps, actor: Actor, name: string) {
  const rule = { name: "org-create", ...deps.config.orgCreateRateLimit };
  if (!(await deps.repos.rateLimits.consume(`${rule.name}|user:${actor.userId}`, rule))) {
    throw rateLimited("Too many organizations created. Please wait before creating another.");
  }
  const id = await deps.repos.transaction((repos) => repos.organizations.insertWithOwner(name, actor.userId));
  return { id, name, role: "admin" as const, isOwner: true, staffCardDav: false, requirePhone: true, requireTwoFactor: false };
}

export interface OrganizationChange {
  name?: string | undefined;
  staffCardDav?: boolean | undefined;
  requirePhone?: boolean | undefined;
  requireTwoFactor?: boolean | undefined;
}

/**
 * Renames an organization and/or changes its settings (owner and admins), each change audited; every
 * member's open screens follow. Answers the organization as it is now. Requiring two-factor is refused
 * (409) to someone without it: they would shut themselves out of the organization they just changed.
 */
export async function updateOrganization(deps: AppDeps, actor: OrgActor, change: OrganizationChange) {
  if (change.name !== undefined) authorize(actor, "organization.rename");
  if (change.staffCardDav !== undefined || change.requirePhone !== undefined || change.requireTwoFactor !== undefined)
    authorize(actor, "organization.settings");
  const result = await deps.repos.transaction(async (repos) => {
    const org = await repos.organizations.find(actor.organizationId);
    if (!org) throw notFound("Organization not found.");
    const renamed = change.name !== undefined && change.name !== org.name;
    const staffCardDav = Boolean(org.staff_carddav);
    const requirePhone = Boolean(org.require_phone);
    const syncChanged = change.staffCardDav !== undefined && change.staffCardDav !== staffCardDav;
    const phoneRuleChanged = change.requirePhone !== undefined && change.requirePhone !== requirePhone;
    const requireTwoFactor = Boolean(org.require_two_factor);
    const twoFactorRuleChanged = change.requireTwoFactor !== undefined && change.requireTwoFactor !== requireTwoFactor;
    if (
      twoFactorRuleChanged &&
      change.requireTwoFactor &&
      !hasSecondFactor((await repos.users.facts(actor.userId)) ?? { twoFactorEnabled: false, hasPasskey: false })
    ) {
      throw conflict(
        "Turn on two-factor authentication for your own account in Settings > Security before requiring it for everyone.",
        "TWO_FACTOR_REQUIRED_FOR_YOU_FIRST",
      );
    }
    const settingChanged = syncChanged || phoneRuleChanged || twoFactorRuleChanged;
    if (renamed || settingChanged) {
      await repos.organizations.update(
        actor.organizationId,
        {
          ...(renamed ? { name: change.name } : {}),
          ...(syncChanged ? { staff_carddav: change.staffCardDav } : {}),
          ...(phoneRuleChanged ? { require_phone: change.requirePhone } : {}),
          ...(twoFactorRuleChanged ? { require_two_factor: change.requireTwoFactor } : {}),
        },
        nowIso(),
      );
    }
    const audit = {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "organizations",
      recordId: actor.organizationId,
    };
    if (renamed)
      await repos.audit.write({ ...audit, operation: "ORGANIZATION_RENAMED", oldData: { name: org.name }, newData: { name: change.name } });
    if (settingChanged) {
      await repos.audit.write({
        ...audit,
        operation: "ORGANIZATION_SETTINGS_CHANGED",
        oldData: {
          ...(syncChanged ? { staffCardDav } : {}),
          ...(phoneRuleChanged ? { requirePhone } : {}),
          ...(twoFactorRuleChanged ? { requireTwoFactor } : {}),
        },
        newData: {
          ...(syncChanged ? { staffCardDav: change.staffCardDav } : {}),
          ...(phoneRuleChanged ? { requirePhone: change.requirePhone } : {}),
          ...(twoFactorRuleChanged ? { requireTwoFactor: change.requireTwoFactor } : {}),
        },
      });
    }
    return {
      renamed,
      settingChanged,
      organization: {
        id: org.id,
        name: renamed ? change.name! : org.name,
        staffCardDav: change.staffCardDav ?? staffCardDav,
        requirePhone: change.requirePhone ?? requirePhone,
        requireTwoFactor: change.requireTwoFactor ?? requireTwoFactor,
      },
    };
  });
  const ids = [actor.organizationId];
  if (result.renamed) deps.events.changed(actor.organizationId, actor.userId, "organization.renamed", { ids });
  if (result.settingChanged) deps.events.changed(actor.organizationId, actor.userId, "organization.updated", { ids });
  return result.organization;
}

/**
 * Deletes an organization and everything in it: owner only, and never the owner's last one. Its open
 * invitations go with it, and so do the accounts they created that nobody took up.
 */
export async function deleteOrganization(deps: AppDeps, actor: OrgActor): Promise<void> {
  const ownerOrganizationCount = await deps.repos.organizations.countOfUser(actor.userId);
  authorize(actor, "organization.delete", { ownerOrganizationCount });
  await deps.repos.transaction(async (repos) => {
    const org = await repos.organizations.find(actor.organizationId);
    const invited = await repos.invitations.invitedUsersOfOrganization(actor.organizationId);
    await repos.organizations.delete(actor.organizationId);
    await repos.invitations.deleteUnclaimedAccounts(invited);
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "organizations",
      recordId: actor.organizationId,
      operation: "ORGANIZATION_DELETED",
      oldData: org && { id: org.id, name: org.name },
    });
  });
  deps.events.changed(actor.organizationId, actor.userId, "organization.deleted", { ids: [actor.organizationId] });
}
