import { type Kysely, sql } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Engine } from "../database.js";
import type { Role, Schema } from "../schema.js";

export interface MembershipRow {
  id: string;
  name: string;
  role: Role;
  owner_id: string | null;
  staff_carddav: boolean | number;
  require_phone: boolean | number;
  require_two_factor: boolean | number;
  created_at: Date | string;
}

export function organizationRepository(db: Kysely<Schema>, engine: Engine) {
  return {
    /** Creates an organization and its owner's admin membership; call in a transaction. */
    async insertWithOwner(name: string, ownerId: string): Promise<string> {
      const id = newId();
      const now = nowIso();
      await db.insertInto("organizations").values({ id, name, owner_id: ownerId, created_at: now, updated_at: now }).execute();
      await db
        .insertInto("memberships")
        .values({ id: newId(), organization_id: id, user_id: ownerId, role: "admin", created_at: now })
        .execute();
      return id;
    },

    find: (id: string) =>
      db
        .selectFrom("organizations")
        .select(["id", "name", "owner_id", "staff_carddav", "require_phone", "require_two_factor"])
        .where("id", "=", id)
        .executeTakeFirst(),

    /** Writes a new name and/or settings. */
    async update(id: string, changes: { name?: string; staff_carddav?: boolean; require_phone?: boolean }, now: string): Promise<void> {
      await db
        .updateTable("organizations")
        .set({ ...changes, updated_at: now })
        .where("id", "=", id)
        .execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom("organizations").where("id", "=", id).execute();
    },

    /** The organizations a user belongs to, with the user's role, oldest first. */
    listOfUser: (userId: string): Promise<MembershipRow[]> =>
      db
        .selectFrom("memberships as m")
        .innerJoin("organizations as o", "o.id", "m.organization_id")
        .select(["o.id", "o.name", "m.role", "o.owner_id", "o.staff_carddav", "o.require_phone", "o.require_two_factor", "o.created_at"])
        .where("m.user_id", "=", userId)
        .orderBy("o.created_at", "asc")
        .orderBy("o.id", "asc")
        .execute(),

    async countOfUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom("memberships")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Serialises work on one person's organizations until the transaction ends (PostgreSQL; SQLite runs transactions one at a time). */
    async lockForUser(userId: string): Promise<void> {
      if (engine === "postgres") await sql`select pg_advisory_xact_lock(hashtext(${"organizations-of:" + userId}))`.execute(db);
    },

    async ownsAny(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom("organizations").select("id").where("owner_id", "=", userId).executeTakeFirst());
    },
  };
}
