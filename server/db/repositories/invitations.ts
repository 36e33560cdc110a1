import type { Kysely, Selectable } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { InvitationsTable, Role, Schema } from "../schema.js";

/** An invitation as services see it; the link's hash stays in the data layer. */
export type InvitationRow = Omit<Selectable<InvitationsTable>, "token_hash">;

const COLUMNS = ["i.id", "i.organization_id", "i.user_id", "i.email", "i.role", "i.invited_by", "i.created_at", "i.expires_at"] as const;

/** Invitations still open: an expired one counts as gone everywhere, before the sweep deletes it. */
function pending(db: Kysely<Schema>) {
  return db.selectFrom("invitations as i").select(COLUMNS).where("i.expires_at", ">", nowIso());
}

export async function insertInvitation(
  db: Kysely<Schema>,
  input: { organizationId: string; userId: string; email: string; role: Role; invitedBy: string; expiresAt: string },
): Promise<InvitationRow> {
  const row = {
    id: newId(),
    organization_id: input.organizationId,
    user_id: input.userId,
    email: input.email,
    role: input.role,
    invited_by: input.invitedBy,
    token_hash: null,
    created_at: nowIso(),
    expires_at: input.expiresAt,
  };
  await db.insertInto("invitations").values(row).execute();
  return row;
}

export async function setInvitationTokenHash(db: Kysely<Schema>, id: string, tokenHash: string): Promise<void> {
  await db.updateTable("invitations").set({ token_hash: tokenHash }).where("id", "=", id).execute();
}

/** Removes an expired invitation of this person to this organization, so a new one can be sent. */
export async function deleteExpiredInvitation(db: Kysely<Schema>, organizationId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("invitations")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .where("expires_at", "<=", nowIso())
    .execute();
}

export async function findPendingInvitation(db: Kysely<Schema>, organizationId: string, userId: string) {
  return pending(db).where("i.organization_id", "=", organizationId).where("i.user_id", "=", userId).executeTakeFirst();
}

/** An organization's open invitations by e-mail, after the keyset (email, id). */
export async function listOrganizationInvitations(
  db: Kysely<Schema>,
  organizationId: string,
  after: [string, string] | undefined,
  limit: number,
): Promise<InvitationRow[]> {
  let query = pending(db).where("i.organization_id", "=", organizationId);
  if (after) query = query.where((eb) => eb(eb.refTuple("i.email", "i.id"), ">", eb.tuple(after[0], after[1])));
  return query.orderBy("i.email").orderBy("i.id").limit(limit).execute();
}

/** Deletes one of the organization's invitations; returns it, or undefined when there was none. */
export async function deleteOrganizationInvitation(db: Kysely<Schema>, organizationId: string, id: string) {
  const row = await db
    .selectFrom("invitations as i")
    .select(COLUMNS)
    .where("i.id", "=", id)
    .where("i.organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom("invitations").where("id", "=", id).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : undefined;
}

/** A person's open invitations with the organization's and the inviter's names, newest first. */
export async function listInvitationsOfUser(db: Kysely<Schema>, userId: string, limit: number) {
  return pending(db)
    .innerJoin("organizations as o", "o.id", "i.organization_id")
    .leftJoin("profiles as p", "p.user_id", "i.invited_by")
    .select(["o.name as organization_name", "p.name as inviter_name"])
    .where("i.user_id", "=", userId)
    .orderBy("i.created_at", "desc")
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Takes one of the person's open invitations out of the table (accept and decline both start here);
 * the conditional delete makes two concurrent answers to one invitation count once.
 */
export async function takeInvitationOfUser(db: Kysely<Schema>, userId: string, id: string) {
  const row = await pending(db).where("i.id", "=", id).where("i.user_id", "=", userId).executeTakeFirst();
  if (!row) return undefined;
  const deleted = await db.deleteFrom("invitations").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? row : undefined;
}

/** The open invitations a set-password link was mailed with. */
export async function findInvitationsByTokenHash(db: Kysely<Schema>, userId: string, tokenHash: string) {
  return pending(db).where("i.user_id", "=", userId).where("i.token_hash", "=", tokenHash).execute();
}

/** Deletes expired invitations; returns the people they were for. */
export async function deleteExpiredInvitations(db: Kysely<Schema>): Promise<string[]> {
  const now = nowIso();
  const rows = await db.selectFrom("invitations").select("user_id").where("expires_at", "<=", now).execute();
  if (rows.length === 0) return [];
  await db.deleteFrom("invitations").where("expires_at", "<=", now).execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

export async function invitedUsersOfOrganization(db: Kysely<Schema>, organizationId: string): Promise<string[]> {
  const rows = await db.selectFrom("invitations").select("user_id").where("organization_id", "=", organizationId).execute();
  return rows.map((r) => r.user_id);
}

/**
 * Deletes the accounts among `userIds` that an invitation created and nobody ever took up: no
 * password (so never signed in), no organization, no open invitation, no owned organization.
 */
export async function deleteUnclaimedAccounts(db: Kysely<Schema>, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const unclaimed = await db
    .selectFrom("users")
    .select("id")
    .where("id", "in", userIds)
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom("accounts").select("accounts.id").whereRef("accounts.userId", "=", "users.id"))),
    )
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom("memberships").select("memberships.id").whereRef("memberships.user_id", "=", "users.id"))),
    )
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom("invitations").select("invitations.id").whereRef("invitations.user_id", "=", "users.id"))),
    )
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom("organizations").select("organizations.id").whereRef("organizations.owner_id", "=", "users.id"))),
    )
    .execute();
  const ids = unclaimed.map((u) => u.id);
  if (ids.length === 0) return 0;
  // Their set-password links go with them.
  await db.deleteFrom("verifications").where("value", "in", ids).execute();
  const result = await db.deleteFrom("users").where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Users (of `userIds`) that also belong to, or are invited by, another organization than this one. */
export async function usersSharedWithOtherOrganizations(db: Kysely<Schema>, organizationId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("memberships")
    .select("user_id")
    .where("user_id", "in", userIds)
    .where("organization_id", "<>", organizationId)
    .union(
      db
        .selectFrom("invitations")
        .select("user_id")
        .where("user_id", "in", userIds)
        .where("organization_id", "<>", organizationId)
        .where("expires_at", ">", nowIso()),
    )
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
