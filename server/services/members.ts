import type { Member } from "../../shared/member-types.js";
import { memberAbilities } from "../../shared/policy/member-abilities.js";
import { generateTemporaryPassword } from "../auth/temporary-password.js";
import { toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { writeAudit } from "../db/repositories/audit-logs.js";
import { usersSharedWithOtherOrganizations } from "../db/repositories/invitations.js";
import { type MemberRow, findMember, listMembers } from "../db/repositories/memberships.js";
import { deleteTokensOfUser } from "../db/repositories/verifications.js";
import type { Role } from "../db/schema.js";
import { AppError, notFound } from "../errors.js";
import type { AppDeps } from "../http/env.js";
import { type MemberTarget, type OrgActor, authorize } from "../policies/can.js";
import { mailPasswordReset } from "./password-reset.js";

const targetOf = (row: MemberRow, shared: Set<string>): MemberTarget => ({
  userId: row.user_id,
  role: row.role,
  isOwner: row.owner_id === row.user_id,
  managed: !shared.has(row.user_id),
});

/** The spec's organization-user view; `id` is the user's id. `abilities` says what the caller may do to them. */
export function presentMember(row: MemberRow, actor: OrgActor, shared: Set<string>): Member {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name || row.email.split("@")[0] || "Unknown",
    role: row.role,
    created_at: toIso(row.created_at),
    isOwner: row.owner_id === row.user_id,
    abilities: memberAbilities(actor, targetOf(row, shared)),
  };
}

export async function listOrganizationMembers(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "members.view");
  const after = cursor ? (decodeKeyset(cursor, ["string"])[0] as string) : undefined;
  const rows = await listMembers(deps.database.db, actor.organizationId, after, limit + 1);
  const shared = await usersSharedWithOtherOrganizations(deps.database.db, actor.organizationId, rows.slice(0, limit).map((r) => r.user_id));
  return toPage(rows, limit, (row) => presentMember(row, actor, shared), (last) => [last.email]);
}

/** Loads the target member for a record rule, with whether this organization manages the account; 404 when not a member. */
async function loadTarget(deps: AppDeps, actor: OrgActor, userId: string): Promise<{ row: MemberRow; target: MemberTarget }> {
  const row = await findMember(deps.database.db, actor.organizationId, userId);
  if (!row) throw notFound("User not found in this organization.");
  const shared = await usersSharedWithOtherOrganizations(deps.database.db, actor.organizationId, [userId]);
  return { row, target: targetOf(row, shared) };
}

async function presentOne(deps: AppDeps, actor: OrgActor, userId: string) {
  const { row, target } = await loadTarget(deps, actor, userId);
  return presentMember(row, actor, new Set(target.managed ? [] : [userId]));
}

/** Changes a member's name (accounts this organization manages only) and/or role, under the record rules. */
export async function updateOrganizationMember(
  deps: AppDeps,
  actor: OrgActor,
  userId: string,
  input: { name?: string | undefined; role?: Role | undefined },
) {
  const { row, target } = await loadTarget(deps, actor, userId);
  if (input.name !== undefined) authorize(actor, "members.edit", target);
  if (input.role !== undefined && input.role !== row.role) authorize(actor, "members.role", target);
  await deps.database.db.transaction().execute(async (trx) => {
    const now = toIso(new Date())!;
    if (input.name !== undefined) {
      await trx
        .insertInto("profiles")
        .values({ user_id: userId, name: input.name, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ name: input.name!, updated_at: now }))
        .execute();
      await trx.updateTable("users").set({ name: input.name, updatedAt: now }).where("id", "=", userId).execute();
    }
    if (input.role !== undefined && input.role !== row.role) {
      await trx
        .updateTable("memberships")
        .set({ role: input.role })
        .where("organization_id", "=", actor.organizationId)
        .where("user_id", "=", userId)
        .execute();
      await writeAudit(trx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "memberships",
        recordId: userId,
        operation: "ROLE_CHANGED",
        oldData: { role: row.role },
        newData: { role: input.role },
      });
    }
  });
  return presentOne(deps, actor, userId);
}

/** Takes a member out of this organization; their access to it ends with the next request. */
export async function removeOrganizationMember(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps, actor, userId);
  authorize(actor, "members.remove", target);
  await deps.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("memberships").where("organization_id", "=", actor.organizationId).where("user_id", "=", userId).execute();
    await writeAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "memberships",
      recordId: userId,
      operation: "MEMBER_REMOVED",
      oldData: { email: row.email, role: row.role },
    });
  });
}

const stillManaged = async (trx: AppDeps["database"]["db"], actor: OrgActor, userId: string) =>
  (await usersSharedWithOtherOrganizations(trx, actor.organizationId, [userId])).size === 0;

const noLongerManaged = () =>
  new AppError(403, "FORBIDDEN", "This person now also belongs to another organization. Remove them from this organization instead.");

/** Deletes a member's whole account (sessions, credentials, memberships and links go with it): managed accounts only. */
export async function deleteMemberAccount(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps, actor, userId);
  authorize(actor, "members.deleteAccount", target);
  await deps.database.db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: the person may have joined another organization meanwhile.
    if (!(await stillManaged(trx, actor, userId))) throw noLongerManaged();
    const owns = await trx.selectFrom("organizations").select("id").where("owner_id", "=", userId).executeTakeFirst();
    if (owns) throw new AppError(403, "FORBIDDEN", "Cannot delete organization owner");
    await deleteTokensOfUser(trx, userId);
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await writeAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "users",
      recordId: userId,
      operation: "ACCOUNT_DELETED",
      oldData: { email: row.email, name: row.name, role: row.role },
    });
  });
}

/**
 * Gives a managed member a new temporary password (shown once to the admin), ends their sessions and
 * revokes every outstanding link of the account.
 */
export async function resetMemberPassword(deps: AppDeps, actor: OrgActor, userId: string): Promise<{ temporaryPassword: string }> {
  const { target } = await loadTarget(deps, actor, userId);
  authorize(actor, "members.resetPassword", target);
  const temporaryPassword = generateTemporaryPassword();
  const hash = await (await deps.auth.$context).password.hash(temporaryPassword);
  await deps.database.db.transaction().execute(async (trx) => {
    if (!(await stillManaged(trx, actor, userId))) throw noLongerManaged();
    const now = toIso(new Date())!;
    const updated = await trx
      .updateTable("accounts")
      .set({ password: hash, updatedAt: now })
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, "NO_PASSWORD", "This user has no password to reset.");
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
    await deleteTokensOfUser(trx, userId);
    await writeAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "accounts",
      recordId: userId,
      operation: "PASSWORD_RESET_BY_ADMIN",
    });
  });
  return { temporaryPassword };
}

/** Mails the member the ordinary reset link: it reaches the person, never the admin. */
export async function sendMemberResetEmail(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps, actor, userId);
  authorize(actor, "members.sendResetEmail", target);
  await writeAudit(deps.database.db, {
    organizationId: actor.organizationId,
    userId: actor.userId,
    tableName: "users",
    recordId: userId,
    operation: "PASSWORD_RESET_EMAIL_SENT",
  });
  void mailPasswordReset(deps, { id: userId, email: row.email }).catch((error) =>
    deps.log.error("password reset mail failed", { error: String(error) }),
  );
}
