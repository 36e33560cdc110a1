import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Better Auth's passkey plugin (ADR 022, "Passkeys"): one row per registered WebAuthn credential.
 * Named like the other Better Auth tables (camelCase columns, the table name mapped in
 * server/auth/passkeys.ts). A passkey counts as a second factor: the reads that decide that look
 * for a row here (server/db/repositories/second-factor-sql.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (c) => c.notNull().unique())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deviceType", "text", (c) => c.notNull())
    .addColumn("backedUp", t.boolean, (c) => c.notNull().defaultTo(false))
    .addColumn("transports", "text")
    .addColumn("createdAt", t.timestamp)
    .addColumn("aaguid", "text")
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("userId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("passkeys").execute();
}
