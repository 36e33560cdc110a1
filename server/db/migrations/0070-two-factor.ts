import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Better Auth's two-factor plugin (ADR 022): a flag on users and one row per enrolled account with the
 * encrypted TOTP secret and recovery codes. Named like the other Better Auth tables (camelCase columns,
 * the table name mapped in server/auth/two-factor.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("users")
    .addColumn("twoFactorEnabled", t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("two_factors")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    // False between 'enable' and the first right code: such a row does not count at sign-in.
    .addColumn("verified", t.boolean, (c) => c.notNull().defaultTo(true))
    // The plugin's per-account lock after repeated wrong codes at sign-in.
    .addColumn("failedVerificationCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lockedUntil", t.timestamp)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("two_factors").execute();
  await db.schema.alterTable("users").dropColumn("twoFactorEnabled").execute();
}
