import type { AppDatabase } from "../db/database.js";
import { toIso } from "../db/ids.js";
import { listOrganizationsOfUser } from "../db/repositories/organizations.js";
import { findProfileName } from "../db/repositories/profiles.js";
import type { Actor } from "../http/env.js";

/** The signed-in user's own view: profile name, account facts and every organization with role. */
export async function getMe(database: AppDatabase, actor: Actor) {
  const [name, organizations, user, lastSession] = await Promise.all([
    findProfileName(database.db, actor.userId),
    listOrganizationsOfUser(database.db, actor.userId),
    database.db.selectFrom("users").select(["emailVerified", "createdAt"]).where("id", "=", actor.userId).executeTakeFirst(),
    database.db
      .selectFrom("sessions")
      .select("createdAt")
      .where("userId", "=", actor.userId)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    user: {
      id: actor.userId,
      email: actor.email,
      name: name ?? actor.email.split("@")[0] ?? "Unknown",
      emailVerified: Boolean(user?.emailVerified),
      createdAt: toIso(user?.createdAt),
      lastSignInAt: toIso(lastSession?.createdAt),
    },
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      role: o.role,
      isOwner: o.owner_id === actor.userId,
      created_at: toIso(o.created_at),
    })),
  };
}
