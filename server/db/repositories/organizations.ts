import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Role, Schema } from "../schema.js";

/** Creates an organization and its owner's admin membership; call inside a transaction. */
export async function insertOrganizationWithOwner(
  db: Kysely<Schema>,
  name: string,
  ownerId: string,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.insertInto("organizations").values({ id, name, owner_id: ownerId, created_at: now, updated_at: now }).execute();
  await db
    .insertInto("memberships")
    .values({ id: newId(), organization_id: id, user_id: ownerId, role: "admin", created_at: now })
    .execute();
  return id;
}

export interface MembershipRow {
  id: string;
  name: string;
  role: Role;
  owner_id: string | null;
  created_at: Date | string;
}

/** The organizations a user belongs to, with the user's role, oldest first. */
export async function listOrganizationsOfUser(db: Kysely<Schema>, userId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.organization_id")
    .select(["o.id", "o.name", "m.role", "o.owner_id", "o.created_at"])
    .where("m.user_id", "=", userId)
    .orderBy("o.created_at", "asc")
    .orderBy("o.id", "asc")
    .execute();
}
