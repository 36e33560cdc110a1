import { sql } from "kysely";
import { createAccount } from "../auth/accounts.js";
import { generateTemporaryPassword } from "../auth/temporary-password.js";
import { toIso } from "../db/ids.js";
import { writeAudit } from "../db/repositories/audit-logs.js";
import {
  type MemberRow,
  countOrganizationsOfUser,
  findMember,
  findMembership,
  insertMembership,
  listMembers,
} from "../db/repositories/memberships.js";
import { findUserByEmail } from "../db/repositories/users.js";
import type { Role } from "../db/schema.js";
import { AppError, notFound } from "../errors.js";
import type { AppDeps } from "../http/env.js";
import { invitationLink } from "../mail/links.js";
import { invitationMail } from "../mail/templates.js";
import { type MemberTarget, type OrgActor, authorize } from "../policies/can.js";
import { INVITATION_SECONDS, createResetToken } from "./password-reset.js";

/** The spec's organization-user view; `id` is the user's id, the one member routes take. */
export function presentMember(row: MemberRow) {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name || row.email.split("@")[0] || "Unknown",
    role: row.role,
    created_at: toIso(row.created_at),
    isOwner: row.owner_id === row.user_id,
  };
}

export async function listOrganizationMembers(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "members.view");
  const rows = await listMembers(deps.database.db, actor.organizationId, cursor, limit + 1);
  const items = rows.slice(0, limit).map(presentMember);
  return { items, nextCursor: rows.length > limit ? items.at(-1)!.email : null };
}

/** Loads the target member for a record rule; 404 when not in this organization. */
async function loadTarget(deps: AppDeps, actor: OrgActor, userId: string): Promise<{ row: MemberRow; target: MemberTarget }> {
  const row = await findMember(deps.database.db, actor.organizationId, userId);
  if (!row) throw notFound("User not found in this organization.");
  const target = { userId, role: row.role, isOwner: row.owner_id === userId };
  return { row, target };
}

export type AddOutcome = "added" | "recovered" | "invited" | "created";

/**
 * The add-user chain as one operation: an existing account joins (an orphaned one, in no
 * organization, is recovered); otherwise a new account is created and invited by e-mail, or, when
 * the mail cannot go out, given a temporary password for the admin to hand over.
 */
export async function addOrganizationMember(
  deps: AppDeps,
  actor: OrgActor,
  input: { email: string; name?: string | undefined; role: Role },
): Promise<{ outcome: AddOutcome; member: ReturnType<typeof presentMember>; emailSent: boolean; temporaryPassword?: string }> {
  authorize(actor, "members.add");
  const db = deps.database.db;
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (await findMembership(db, actor.organizationId, existing.id)) {
      throw new AppError(409, "ALREADY_MEMBER", `User ${input.email} is already a member of this organization`);
    }
    const orphaned = (await countOrganizationsOfUser(db, existing.id)) === 0;
    await db.transaction().execute(async (trx) => {
      await insertMembership(trx, actor.organizationId, existing.id, input.role);
      await trx
        .insertInto("profiles")
        .values({ user_id: existing.id, name: input.name ?? existing.name, created_at: toIso(new Date())!, updated_at: toIso(new Date())! })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
      await writeAudit(trx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "memberships",
        recordId: existing.id,
        operation: orphaned ? "MEMBER_RECOVERED" : "MEMBER_ADDED",
        newData: { email: input.email, role: input.role },
      });
    });
    const member = presentMember((await findMember(db, actor.organizationId, existing.id))!);
    return { outcome: orphaned ? "recovered" : "added", member, emailSent: false };
  }

  const name = input.name ?? input.email.split("@")[0]!;
  const temporaryPassword = generateTemporaryPassword();
  const user = await createAccount(deps.auth, { email: input.email, name, password: temporaryPassword, emailVerified: false });
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("profiles").values({ user_id: user.id, name, created_at: toIso(new Date())!, updated_at: toIso(new Date())! }).execute();
      await insertMembership(trx, actor.organizationId, user.id, input.role);
      await writeAudit(trx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "users",
        recordId: user.id,
        operation: "MEMBER_CREATED",
        newData: { email: input.email, name, role: input.role },
      });
    });
  } catch (error) {
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    throw error;
  }
  const organization = await findMembership(db, actor.organizationId, actor.userId);
  const token = await createResetToken(deps, user.id, INVITATION_SECONDS);
  const mail = invitationMail(input.email, organization?.organization_name ?? "your organization", invitationLink(deps.config.appUrl, token));
  const { delivered } = await deps.mailer.send(mail);
  const member = presentMember((await findMember(db, actor.organizationId, user.id))!);
  if (delivered) return { outcome: "invited", member, emailSent: true };
  return { outcome: "created", member, emailSent: false, temporaryPassword };
}

/** Changes a member's name and/or role, under the record rules. */
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
  return presentMember((await findMember(deps.database.db, actor.organizationId, userId))!);
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

/** Deletes a member's whole account (sessions, credentials, memberships go with it). */
export async function deleteMemberAccount(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps, actor, userId);
  target.organizationCount = await countOrganizationsOfUser(deps.database.db, userId);
  authorize(actor, "members.deleteAccount", target);
  await deps.database.db.transaction().execute(async (trx) => {
    const owns = await trx.selectFrom("organizations").select("id").where("owner_id", "=", userId).executeTakeFirst();
    if (owns) throw new AppError(403, "FORBIDDEN", "Cannot delete organization owner");
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

/** Gives a member a new temporary password (shown once to the admin) and ends their sessions. */
export async function resetMemberPassword(deps: AppDeps, actor: OrgActor, userId: string): Promise<{ temporaryPassword: string }> {
  const { target } = await loadTarget(deps, actor, userId);
  authorize(actor, "members.resetPassword", target);
  const temporaryPassword = generateTemporaryPassword();
  const hash = await (await deps.auth.$context).password.hash(temporaryPassword);
  await deps.database.db.transaction().execute(async (trx) => {
    const now = toIso(new Date())!;
    const updated = await trx
      .updateTable("accounts")
      .set({ password: hash, updatedAt: now })
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new AppError(409, "NO_PASSWORD", "This user has no password to reset.");
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Existing accounts not yet in this organization whose e-mail or name contains `q`: at most 20. */
export async function searchUsersToAdd(deps: AppDeps, actor: OrgActor, q: string) {
  authorize(actor, "members.add");
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  const rows = await deps.database.db
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.email", "p.name", "u.name as auth_name", "u.createdAt"])
    .where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(p.name, u.name))`, "like", sql`${pattern} escape '\\'`),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("memberships as m").select("m.id").whereRef("m.user_id", "=", "u.id").where("m.organization_id", "=", actor.organizationId),
        ),
      ),
    )
    .orderBy("u.email")
    .limit(20)
    .execute();
  return rows.map((r) => ({ user_id: r.id, name: r.name ?? r.auth_name, email: r.email, created_at: toIso(r.createdAt) }));
}
