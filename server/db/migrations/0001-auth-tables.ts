import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Better Auth's tables, written out here rather than generated at run time so that the schema is
// versioned with ours and identical on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", t.boolean, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("sessions_userId_idx").on("sessions").column("userId").execute();
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", t.timestamp)
    .addColumn("refreshTokenExpiresAt", t.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_userId_idx").on("accounts").column("userId").execute();
  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", t.timestamp, (c) => c.notNull())
    .addColumn("createdAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updatedAt", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("verifications_identifier_idx").on("verifications").column("identifier").execute();
  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rateLimit", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
