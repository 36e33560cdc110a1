import { randomBytes } from "node:crypto";
import { createAccount } from "../auth/accounts.js";
import { newId } from "../db/ids.js";
import type { Role } from "../db/schema.js";
import type { TestApp } from "./harness.js";

export const PASSWORD = "Correct-Horse-42";

/** A user with a password and a profile; `email` defaults to a unique address. */
export async function buildUser(t: TestApp, input: { email?: string; name?: string; password?: string } = {}) {
  const email = input.email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const name = input.name ?? email.split("@")[0]!;
  const user = await createAccount(t.auth, { email, name, password: input.password ?? PASSWORD, emailVerified: true });
  await t.repos.profiles.setName(user.id, name);
  return { id: user.id, email: user.email, name, password: input.password ?? PASSWORD };
}

/** An organization owned by `ownerId` (who holds the admin role in it). */
export async function buildOrg(t: TestApp, ownerId: string, name = "Acme") {
  return t.repos.organizations.insertWithOwner(name, ownerId);
}

export async function addMember(t: TestApp, orgId: string, userId: string, role: Role) {
  await t.repos.members(orgId).insert(userId, role);
}

/** A user row without a password (no hashing, so cheap): a target for member actions. */
export async function buildBareUser(t: TestApp, email = `bare-${randomBytes(4).toString("hex")}@example.com`) {
  const id = newId();
  await t.repos.users.insertWithoutPassword({ id, email, name: email.split("@")[0]! });
  return { id, email };
}
