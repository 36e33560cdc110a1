import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Our own request counters (sign-in's stay with Better Auth): its rateLimit table is its private schema.
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_start", t.bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limits").execute();
}
