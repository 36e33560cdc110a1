import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Upgrades of stored data that need the application's own readers (a migration must not change when the
// code does, so they run after the migrations, once): each records here that it is done.
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("data_upgrades")
    .addColumn("name", "text", (c) => c.primaryKey().notNull())
    .addColumn("done_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("data_upgrades").execute();
}
