import type { Actor, AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import { rateLimited } from "../errors.js";
import { type OrgActor, authorize } from "../policies/can.js";

/** Any signed-in user may create an organization (the creator becomes its owner, role admin), a few an hour. */
export async function createOrganization(deps: AppDeps, actor: Actor, name: string) {
  const rule = { name: "org-create", ...deps.config.orgCreateRateLimit };
  if (!(await deps.repos.rateLimits.consume(`${rule.name}|user:${actor.userId}`, rule))) {
    throw rateLimited("Too many organizations created. Please wait before creating another.");
  }
  const id = await deps.repos.transaction((repos) => repos.organizations.insertWithOwner(name, actor.userId));
  return { id, name, role: "admin" as const, isOwner: true };
}

/** Renames an organization (owner and admins); every member's open screens follow the new name. */
export async function renameOrganization(deps: AppDeps, actor: OrgActor, name: string) {
  authorize(actor, "organization.rename");
  await deps.repos.transaction(async (repos) => {
    const org = await repos.organizations.find(actor.organizationId);
    await repos.organizations.rename(actor.organizationId, name, nowIso());
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "organizations",
      recordId: actor.organizationId,
      operation: "ORGANIZATION_RENAMED",
      oldData: org && { name: org.name },
      newData: { name },
    });
  });
  deps.events.changed(actor.organizationId, actor.userId, "organization.renamed", { ids: [actor.organizationId] });
  return { id: actor.organizationId, name };
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
