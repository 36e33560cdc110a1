import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Issue 28. `first_run_welcome`: the first administrator has not yet been asked (once, skippable) for
 * their name and the organization's; a row is made at bootstrap and removed when answered or skipped.
 * `ended_sessions`: sessions an admin's password reset ended, by a hash of their token, so the browser
 * that held one can be told why it was signed out; kept as long as a session could have lived.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("first_run_welcome")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("ended_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey().notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("ended_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ended_sessions_by_time").on("ended_sessions").column("ended_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("ended_sessions").execute();
  await db.schema.dropTable("first_run_welcome").execute();
}
