import { randomBytes } from "node:crypto";
import { emptyContactData } from "../../shared/contact-model/data-schema.js";
import { createAccount } from "../auth/accounts.js";
import { newId } from "../db/ids.js";
import type { Role } from "../db/schema.js";
import type { MatchKey } from "../services/contact-keys.js";
import { newContactRow, rowAndKeysOfData } from "../services/contact-row.js";
import type { TestApp } from "./harness.js";

export const PASSWORD = "Correct-Horse-42";

/** One scrypt hash per password a test file uses: its users share the salt, which a test does not mind. */
const hashes = new Map<string, Promise<string>>();
async function hashOf(t: TestApp, password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = t.auth.$context.then((ctx) => ctx.password.hash(password))));
  return hash;
}

/** A user with a password and a profile; `email` defaults to a unique address. */
export async function buildUser(t: TestApp, input: { email?: string; name?: string; password?: string } = {}) {
  const email = input.email ?? `user-${randomBytes(4).toString("hex")}@example.com`;
  const name = input.name ?? email.split("@")[0]!;
  const password = input.password ?? PASSWORD;
  const user = await createAccount(t.auth, { email, name, password, emailVerified: true }, await hashOf(t, password));
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

/**
 * `count` contacts in one organization, written in batches by the importer's own statement and
 * followed by its upkeep (fast: 17,000 in a few seconds), each with a distinct phone. Answers their ids in order.
 */
export async function buildContacts(t: TestApp, orgId: string, count: number, prefix = "Bulk"): Promise<string[]> {
  const contacts = t.repos.contacts(orgId);
  const ids: string[] = [];
  const now = new Date().toISOString();
  for (let at = 0; at < count; at += 2000) {
    const keys: (MatchKey & { contact_id: string })[] = [];
    const batch = Array.from({ length: Math.min(2000, count - at) }, (_, i) => {
      const n = at + i;
      const phone = `+1615${200 + Math.floor(n / 10_000)}${String(n % 10_000).padStart(4, "0")}`;
      const data = {
        ...emptyContactData(),
        first_name: `${prefix} ${n}`,
        phones: [{ value: phone, type: "mobile" as const, label: null }],
      };
      const written = rowAndKeysOfData(data, t.config.defaultCountry);
      const row = newContactRow(orgId, written.columns, { now });
      ids.push(row.id);
      keys.push(...written.keys.map((k) => ({ ...k, contact_id: row.id })));
      return row;
    });
    await contacts.insertMany(batch, keys);
    await contacts.counter.adjust(batch.length);
  }
  // As after a large import: the planner's statistics see the new rows.
  await t.repos.maintenance.afterBulkWrite();
  return ids;
}
