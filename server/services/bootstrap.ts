import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { createAccount } from "../auth/accounts.js";
import type { Auth } from "../auth/auth.js";
import type { Config } from "../config.js";
import type { AppDatabase } from "../db/database.js";
import { insertOrganizationWithOwner } from "../db/repositories/organizations.js";
import { insertProfile } from "../db/repositories/profiles.js";
import { countUsers } from "../db/repositories/users.js";
import { DEFAULT_ORGANIZATION_NAME } from "../../shared/constants.js";

export interface BootstrapResult {
  email: string;
  /** Only set when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

/** Arbitrary constant naming the PostgreSQL advisory lock that serialises first-run bootstrap. */
const BOOTSTRAP_LOCK = 4_242_001;

/**
 * On an empty database, creates the first admin and the organization it owns. Returns null when
 * users already exist, so it runs once however often (and on however many instances) it is called.
 */
export async function bootstrapFirstAdmin(
  config: Pick<Config, "adminEmail" | "adminPassword">,
  database: AppDatabase,
  auth: Auth,
): Promise<BootstrapResult | null> {
  if (database.engine === "sqlite") return createFirstAdmin(config, database, auth);
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOTSTRAP_LOCK})`.execute(conn);
    try {
      return await createFirstAdmin(config, database, auth);
    } finally {
      await sql`select pg_advisory_unlock(${BOOTSTRAP_LOCK})`.execute(conn);
    }
  });
}

async function createFirstAdmin(
  config: Pick<Config, "adminEmail" | "adminPassword">,
  database: AppDatabase,
  auth: Auth,
): Promise<BootstrapResult | null> {
  if ((await countUsers(database.db)) > 0) return null;
  const email = config.adminEmail ?? "admin@localhost";
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString("base64url");
  const password = config.adminPassword ?? generatedPassword!;
  const name = "Admin";
  const user = await createAccount(auth, { email, name, password, emailVerified: true });
  try {
    await database.db.transaction().execute(async (trx) => {
      await insertProfile(trx, user.id, name);
      await insertOrganizationWithOwner(trx, DEFAULT_ORGANIZATION_NAME, user.id);
    });
  } catch (error) {
    // Leave the database empty again so the next start retries the whole bootstrap.
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    throw error;
  }
  return { email: user.email, ...(generatedPassword ? { generatedPassword } : {}) };
}

/** The framed console block that shows a generated first-run password exactly once. */
export function formatBootstrapBanner(result: BootstrapResult, appUrl: string): string {
  const lines = [
    "Contactbook: first administrator created",
    "",
    `  Sign in at: ${appUrl}/login`,
    `  E-mail:     ${result.email}`,
    result.generatedPassword
      ? `  Password:   ${result.generatedPassword}`
      : "  Password:   the ADMIN_PASSWORD you set",
    "",
    result.generatedPassword ? "This password is shown only once. Change it under Settings > Password." : "",
  ].filter((line, i, all) => line !== "" || (i > 0 && i < all.length - 1));
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "=".repeat(width);
  return [bar, ...lines.map((l) => `| ${l.padEnd(width - 4)} |`), bar].join("\n");
}
