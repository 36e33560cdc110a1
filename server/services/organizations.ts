import type { AppDatabase } from "../db/database.js";
import { writeAudit } from "../db/repositories/audit-logs.js";
import { countOrganizationsOfUser } from "../db/repositories/memberships.js";
import { insertOrganizationWithOwner } from "../db/repositories/organizations.js";
import type { Actor } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";

/** Any signed-in user may create an organization; the creator becomes its owner (role admin). */
export async function createOrganization(database: AppDatabase, actor: Actor, name: string) {
  const id = await database.db.transaction().execute((trx) => insertOrganizationWithOwner(trx, name, actor.userId));
  return { id, name, role: "admin" as const, isOwner: true };
}

/** Deletes an organization and everything in it: owner only, and never the owner's last one. */
export async function deleteOrganization(database: AppDatabase, actor: OrgActor): Promise<void> {
  const ownerOrganizationCount = await countOrganizationsOfUser(database.db, actor.userId);
  authorize(actor, "organization.delete", { ownerOrganizationCount });
  await database.db.transaction().execute(async (trx) => {
    const org = await trx.selectFrom("organizations").select(["id", "name"]).where("id", "=", actor.organizationId).executeTakeFirstOrThrow();
    await trx.deleteFrom("organizations").where("id", "=", actor.organizationId).execute();
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
