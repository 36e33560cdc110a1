import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Role, Schema } from "../schema.js";

export interface MemberRow {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  created_at: Date | string;
  owner_id: string | null;
}

/** A user's membership in one organization, with the organization's owner; undefined if none. */
export async function findMembership(db: Kysely<Schema>, organizationId: string, userId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("organizations as o", "o.id", "m.organization_id")
    .select(["m.role", "o.owner_id", "o.name as organization_name"])
    .where("m.organization_id", "=", organizationId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
}

/** Members of one organization with their account, profile name and the organization's owner. */
function membersOf(db: Kysely<Schema>, organizationId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("organizations as o", "o.id", "m.organization_id")
    .leftJoin("profiles as p", "p.user_id", "m.user_id")
    .select(["m.user_id", "u.email", "p.name", "m.role", "m.created_at", "o.owner_id"])
    .where("m.organization_id", "=", organizationId);
}

/** Members of an organization ordered by e-mail, after `cursor` (an e-mail), at most `limit`. */
export async function listMembers(db: Kysely<Schema>, organizationId: string, cursor: string | undefined, limit: number) {
  let query = membersOf(db, organizationId).orderBy("u.email").limit(limit);
  if (cursor) query = query.where("u.email", ">", cursor);
  return query.execute() as Promise<MemberRow[]>;
}

export async function findMember(db: Kysely<Schema>, organizationId: string, userId: string) {
  return (await membersOf(db, organizationId).where("m.user_id", "=", userId).executeTakeFirst()) as MemberRow | undefined;
}

export async function countOrganizationsOfUser(db: Kysely<Schema>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertMembership(db: Kysely<Schema>, organizationId: string, userId: string, role: Role) {
  await db
    .insertInto("memberships")
    .values({ id: newId(), organization_id: organizationId, user_id: userId, role, created_at: nowIso() })
    .execute();
}
