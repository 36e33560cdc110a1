import type { Kysely, Selectable } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { InvitationsTable, Role, Schema } from "../schema.js";

/** An invitation as services see it; the link's hash stays in the data layer. */
export type InvitationRow = Omit<Selectable<InvitationsTable>, "token_hash">;

const COLUMNS = ["i.id", "i.organization_id", "i.user_id", "i.email", "i.role", "i.invited_by", "i.created_at", "i.expires_at"] as const;

/** Pending invitations. An expired one counts as gone everywhere, before the sweep deletes it. */
export function invitationRepository(db: Kysely<Schema>) {
  const pending = () => db.selectFrom("invitations as i").select(COLUMNS).where("i.expires_at", ">", nowIso());

  /** Takes one row out of the table when it matches; the conditional delete makes two concurrent answers count once. */
  const take = async (query: ReturnType<typeof pending>): Promise<InvitationRow | undefined> => {
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const deleted = await db.deleteFrom("invitations").where("id", "=", row.id).executeTakeFirst();
    return Number(deleted.numDeletedRows) === 1 ? row : undefined;
  };

  return {
    async insert(input: { organizationId: string; userId: string; email: string; role: Role; invitedBy: string; expiresAt: string }) {
      const row = {
        id: newId(),
        organization_id: input.organizationId,
        user_id: input.userId,
        email: input.email,
        role: input.role,
        invited_by: input.invitedBy,
        created_at: nowIso(),
        expires_at: input.expiresAt,
      };
      await db
        .insertInto("invitations")
        .values({ ...row, token_hash: null })
        .execute();
      return row satisfies InvitationRow;
    },

    async setTokenHash(id: string, tokenHash: string): Promise<void> {
      await db.updateTable("invitations").set({ token_hash: tokenHash }).where("id", "=", id).execute();
    },

    /** Removes an expired invitation of this person to this organization, so a new one can be sent. */
    async deleteExpired(organizationId: string, userId: string): Promise<void> {
      await db
        .deleteFrom("invitations")
        .where("organization_id", "=", organizationId)
        .where("user_id", "=", userId)
        .where("expires_at", "<=", nowIso())
        .execute();
    },

    find: (organizationId: string, userId: string) =>
      pending().where("i.organization_id", "=", organizationId).where("i.user_id", "=", userId).executeTakeFirst(),

    /** An organization's open invitations by e-mail, after the keyset (email, id). */
    pageOfOrganization(organizationId: string, after: [string, string] | undefined, limit: number): Promise<InvitationRow[]> {
      let query = pending().where("i.organization_id", "=", organizationId);
      if (after) query = query.where((eb) => eb(eb.refTuple("i.email", "i.id"), ">", eb.tuple(after[0], after[1])));
      return query.orderBy("i.email").orderBy("i.id").limit(limit).execute();
    },

    /** A person's open invitations with the organization's and the inviter's names, newest first. */
    listOfUser: (userId: string, limit: number) =>
      pending()
        .innerJoin("organizations as o", "o.id", "i.organization_id")
        .leftJoin("profiles as p", "p.user_id", "i.invited_by")
        .select(["o.name as organization_name", "p.name as inviter_name"])
        .where("i.user_id", "=", userId)
        .orderBy("i.created_at", "desc")
        .orderBy("i.id", "desc")
        .limit(limit)
        .execute(),

    /** Withdraws one of the organization's invitations (expired or not); returns it, or undefined. */
    takeOfOrganization: (organizationId: string, id: string) =>
      take(db.selectFrom("invitations as i").select(COLUMNS).where("i.id", "=", id).where("i.organization_id", "=", organizationId)),

    /** One of the person's open invitations, taken out for accepting or declining. */
    takeOfUser: (userId: string, id: string) => take(pending().where("i.id", "=", id).where("i.user_id", "=", userId)),

    /** The newest open invitation a set-password link was mailed with, with the organization's and the inviter's names. */
    describeByTokenHash: (userId: string, tokenHash: string) =>
      pending()
        .innerJoin("organizations as o", "o.id", "i.organization_id")
        .leftJoin("profiles as p", "p.user_id", "i.invited_by")
        .select(["o.name as organization_name", "p.name as inviter_name"])
        .where("i.user_id", "=", userId)
        .where("i.token_hash", "=", tokenHash)
        .orderBy("i.created_at", "desc")
        .executeTakeFirst(),

    /** The open invitations a set-password link was mailed with. */
    findByTokenHash: (userId: string, tokenHash: string) =>
      pending().where("i.user_id", "=", userId).where("i.token_hash", "=", tokenHash).execute(),

    /** Deletes expired invitations; returns the people they were for. */
    async deleteAllExpired(): Promise<string[]> {
      const now = nowIso();
      const rows = await db.selectFrom("invitations").select("user_id").where("expires_at", "<=", now).execute();
      if (rows.length === 0) return [];
      await db.deleteFrom("invitations").where("expires_at", "<=", now).execute();
      return [...new Set(rows.map((r) => r.user_id))];
    },

    async invitedUsersOfOrganization(organizationId: string): Promise<string[]> {
      return (await db.selectFrom("invitations").select("user_id").where("organization_id", "=", organizationId).execute()).map(
        (r) => r.user_id,
      );
    },

    /**
     * Deletes the accounts among `userIds` that an invitation created and nobody ever took up: no
     * password (so never signed in), no organization, no open invitation, no owned organization. Their
     * set-password links go with them. Call in a transaction.
     */
    async deleteUnclaimedAccounts(userIds: string[]): Promise<number> {
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
      await db.deleteFrom("verifications").where("value", "in", ids).execute();
      const result = await db.deleteFrom("users").where("id", "in", ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
