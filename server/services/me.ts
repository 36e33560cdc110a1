import type { AppDatabase } from "../db/database.js";
import { toIso } from "../db/ids.js";
import { listOrganizationsOfUser } from "../db/repositories/organizations.js";
import { findProfileName } from "../db/repositories/profiles.js";
import type { Actor } from "../http/env.js";

/** The signed-in user's own view: profile name and every organization with role and ownership. */
export async function getMe(database: AppDatabase, actor: Actor) {
  const [name, organizations] = await Promise.all([
    findProfileName(database.db, actor.userId),
    listOrganizationsOfUser(database.db, actor.userId),
  ]);
  return {
    user: { id: actor.userId, email: actor.email, name: name ?? actor.email.split("@")[0] ?? "Unknown" },
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role,
      isOwner: o.owner_id === actor.userId,
      created_at: toIso(o.created_at),
    })),
  };
}
