import type { Actor, AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";

/** The signed-in user's own view: profile name, account facts and every organization with role. */
export async function getMe(deps: AppDeps, actor: Actor) {
  const { repos } = deps;
  const [name, organizations, user, lastSignIn] = await Promise.all([
    repos.profiles.findName(actor.userId),
    repos.organizations.listOfUser(actor.userId),
    repos.users.facts(actor.userId),
    repos.users.lastSignIn(actor.userId),
  ]);
  return {
    user: {
      id: actor.userId,
      email: actor.email,
      name: name ?? actor.email.split("@")[0] ?? "Unknown",
      emailVerified: Boolean(user?.emailVerified),
      createdAt: toIso(user?.createdAt),
      lastSignInAt: toIso(lastSignIn),
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
