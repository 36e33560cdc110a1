import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Role, Schema } from "../schema.js";
import { hasPasskey } from "./second-factor-sql.js";

export interface MemberRow {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: Date | string;
  owner_id: string | null;
  /** Two-factor is on for the account (User Management's column). */
  twoFactorEnabled: boolean | number;
  /** A registered passkey counts as two-factor too. */
  hasPasskey: boolean | number;
}

/** The memberships of one organization, with each member's account and profile name. */
export function memberRepository(db: Kysely<Schema>, organizationId: string) {
  const members = () =>
    db
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .innerJoin("organizations as o", "o.id", "m.organization_id")
      .leftJoin("profiles as p", "p.user_id", "m.user_id")
      .select(["m.user_id", "u.email", "p.name", "m.role", "m.created_at", "o.owner_id", "u.twoFactorEnabled", hasPasskey])
      .where("m.organization_id", "=", organizationId);

  return {
    /** Members by e-mail, after `afterEmail`, at most `limit`. */
    page(afterEmail: string | undefined, limit: number): Promise<MemberRow[]> {
      let query = members().orderBy("u.email").limit(limit);
      if (afterEmail) query = query.where("u.email", ">", afterEmail);
      return query.execute();
    },

    find: (userId: string): Promise<MemberRow | undefined> => members().where("m.user_id", "=", userId).executeTakeFirst(),

    /** A user's role here, with the organization's owner, name and settings and whether they have two-factor; undefined when not a member. */
    membership: (userId: string) =>
      db
        .selectFrom("memberships as m")
        .innerJoin("organizations as o", "o.id", "m.organization_id")
        .innerJoin("users as u", "u.id", "m.user_id")
        .select([
          "m.role",
          "o.owner_id",
          "o.name as organization_name",
          "o.staff_carddav",
          "o.require_two_factor",
          "u.twoFactorEnabled",
          hasPasskey,
        ])
        .where("m.organization_id", "=", organizationId)
        .where("m.user_id", "=", userId)
        .executeTakeFirst(),

    async insert(userId: string, role: Role): Promise<void> {
      await db
        .insertInto("memberships")
        .values({ id: newId(), organization_id: organizationId, user_id: userId, role, created_at: nowIso() })
        .execute();
    },

    async setRole(userId: string, role: Role): Promise<void> {
      await db
        .updateTable("memberships")
        .set({ role })
        .where("organization_id", "=", organizationId)
        .where("user_id", "=", userId)
        .execute();
    },

    /** The organization's admins (the owner among them), for notices meant for them. */
    async adminIds(): Promise<string[]> {
      const rows = await db
        .selectFrom("memberships")
        .select("user_id")
        .where("organization_id", "=", organizationId)
        .where("role", "=", "admin")
        .limit(1000)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async remove(userId: string): Promise<void> {
      await db.deleteFrom("memberships").where("organization_id", "=", organizationId).where("user_id", "=", userId).execute();
    },

    /**
     * Users (of `userIds`) that also belong to another organization than this one. A pending invitation
     * is no membership: anyone may invite anyone, and counting it let an outsider strip an organization
     * of its powers over its own members.
     */
    async sharedWithOtherOrganizations(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("memberships")
        .select("user_id")
        .distinct()
        .where("user_id", "in", userIds)
        .where("organization_id", "<>", organizationId)
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },
  };
}
