import type { AppDatabase } from "../db/database.js";
import { writeAudit } from "../db/repositories/audit-logs.js";
import { deleteUnclaimedAccounts, invitedUsersOfOrganization } from "../db/repositories/invitations.js";
import { countOrganizationsOfUser } from "../db/repositories/memberships.js";
import { insertOrganizationWithOwner } from "../db/repositories/organizations.js";
import { consume } from "../db/repositories/rate-limits.js";
import { rateLimited } from "../errors.js";
import type { Actor, AppDeps } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";

/** Any signed-in user may create an organization (the creator becomes its owner, role admin), a few an hour. */
export async function createOrganization(deps: AppDeps, actor: Actor, name: string) {
  const rule = { name: "org-create", ...deps.config.orgCreateRateLimit };
  if (!(await consume(deps.database.db, `${rule.name}|user:${actor.userId}`, rule))) {
    throw rateLimited("Too many organizations created. Please wait before creating another.");
  }
  const id = await deps.database.db.transaction().execute((trx) => insertOrganizationWithOwner(trx, name, actor.userId));
  return { id, name, role: "admin" as const, isOwner: true };
}

/**
 * Deletes an organization and everything in it: owner only, and never the owner's last one. Its open
 * invitations go with it, and so do the accounts they created that nobody took up.
 */
export async function deleteOrganization(database: AppDatabase, actor: OrgActor): Promise<void> {
  const ownerOrganizationCount = await countOrganizationsOfUser(database.db, actor.userId);
  authorize(actor, "organization.delete", { ownerOrganizationCount });
  await database.db.transaction().execute(async (trx) => {
    const org = await trx.selectFrom("organizations").select(["id", "name"]).where("id", "=", actor.organizationId).executeTakeFirstOrThrow();
    const invited = await invitedUsersOfOrganization(trx, actor.organizationId);
    await trx.deleteFrom("organizations").where("id", "=", actor.organizationId).execute();
    await deleteUnclaimedAccounts(trx, invited);
    await writeAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "organizations",
      recordId: actor.organizationId,
      operation: "ORGANIZATION_DELETED",
      oldData: org,
    });
  });
}
