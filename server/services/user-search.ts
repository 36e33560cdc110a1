import { sql } from "kysely";
import type { SearchUser } from "../../shared/member-types.js";
import { toIso } from "../db/ids.js";
import type { AppDeps } from "../http/env.js";
import { type OrgActor, authorize } from "../policies/can.js";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * People the caller may invite from a list: colleagues from the caller's other organizations where
 * the caller is admin or owner, not yet in (or invited to) this one; e-mail or name contains `q`; at
 * most 20. Never the whole instance: nobody learns who else has an account.
 */
export async function searchUsersToAdd(deps: AppDeps, actor: OrgActor, q: string): Promise<SearchUser[]> {
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
      eb.exists(
        eb
          .selectFrom("memberships as theirs")
          .innerJoin("memberships as mine", "mine.organization_id", "theirs.organization_id")
          .select("theirs.id")
          .whereRef("theirs.user_id", "=", "u.id")
          .where("mine.user_id", "=", actor.userId)
          .where("mine.role", "=", "admin"),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("memberships as m").select("m.id").whereRef("m.user_id", "=", "u.id").where("m.organization_id", "=", actor.organizationId),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("invitations as i").select("i.id").whereRef("i.user_id", "=", "u.id").where("i.organization_id", "=", actor.organizationId),
        ),
      ),
    )
    .orderBy("u.email")
    .limit(20)
    .execute();
  return rows.map((r) => ({ user_id: r.id, name: r.name ?? r.auth_name, email: r.email, created_at: toIso(r.createdAt) }));
}
