import type { SearchUser } from "../../shared/member-types.js";
import type { AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";
import { type OrgActor, authorize } from "../policies/authorize.js";

/**
 * People the caller may invite from a list: colleagues from the caller's other organizations where
 * the caller is admin or owner, not yet in (or invited to) this one; e-mail or name contains `q`; at
 * most 20. Never the whole instance: nobody learns who else has an account.
 */
export async function searchUsersToAdd(deps: AppDeps, actor: OrgActor, q: string): Promise<SearchUser[]> {
  authorize(actor, "members.add");
  const rows = await deps.repos.users.colleaguesToInvite(actor.userId, actor.organizationId, q, 20);
  return rows.map((r) => ({ user_id: r.id, name: r.name ?? r.auth_name, email: r.email, created_at: toIso(r.createdAt) }));
}
