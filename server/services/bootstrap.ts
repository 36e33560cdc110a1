import { randomBytes } from "node:crypto";
import { DEFAULT_ORGANIZATION_NAME } from "../../shared/constants.js";
import { createAccount } from "../auth/accounts.js";
import type { Config } from "../config.js";
import type { AppDeps } from "../deps.js";
import { withDatabaseLock } from "../db/locks.js";

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
export function bootstrapFirstAdmin(
  deps: Pick<AppDeps, "database" | "repos" | "auth">,
  config: Pick<Config, "adminEmail" | "adminPassword">,
): Promise<BootstrapResult | null> {
  return withDatabaseLock(deps.database, BOOTSTRAP_LOCK, () => createFirstAdmin(deps, config));
}

async function createFirstAdmin(
  { repos, auth }: Pick<AppDeps, "repos" | "auth">,
  config: Pick<Config, "adminEmail" | "adminPassword">,
): Promise<BootstrapResult | null> {
  if ((await repos.users.count()) > 0) return null;
  const email = config.adminEmail ?? "admin@localhost";
  const generatedPassword = config.adminPassword ? undefined : randomBytes(12).toString("base64url");
  const password = config.adminPassword ?? generatedPassword!;
  const name = "Admin";
  const user = await createAccount(auth, { email, name, password, emailVerified: true });
  try {
    await repos.transaction(async (trx) => {
      await trx.profiles.setName(user.id, name);
      await trx.organizations.insertWithOwner(DEFAULT_ORGANIZATION_NAME, user.id);
      // Their first sign-in asks for their name and the organization's (once; skippable).
      await trx.users.setWelcomePending(user.id);
    });
  } catch (error) {
    // Leave the database empty again so the next start retries the whole bootstrap.
    await repos.users.delete(user.id);
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
    result.generatedPassword ? `  Password:   ${result.generatedPassword}` : "  Password:   the ADMIN_PASSWORD you set",
    "",
    result.generatedPassword ? "This password is shown only once. Change it under Settings > Password." : "",
  ].filter((line, i, all) => line !== "" || (i > 0 && i < all.length - 1));
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = "=".repeat(width);
  return [bar, ...lines.map((l) => `| ${l.padEnd(width - 4)} |`), bar].join("\n");
}
