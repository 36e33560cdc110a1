import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * The contact's history (ADR 016): one row per change to a contact, with the fields it changed as JSON
 * (`[{ field, from, to }]`). No foreign key to the contact: a purged contact's last row outlives it, and
 * an import's thousands of rows are written without looking the contacts up again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("contact_history")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("contact_id", t.sortText, (c) => c.notNull())
    // The contact's version after the change.
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("at", t.timestamp, (c) => c.notNull())
    // The person; their name is read from the profile when shown, so no copy here to go stale.
    .addColumn("user_id", "text")
    // The device (CardDAV) or the import's file name: these have no account of their own.
    .addColumn("actor", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .execute();
  // A contact's timeline, newest first, is one backward range of this index.
  await db.schema
    .createIndex("contact_history_by_contact")
    .on("contact_history")
    .columns(["organization_id", "contact_id", "version"])
    .execute();
  // Pruning by age is one range from the start of this one.
  await db.schema.createIndex("contact_history_by_time").on("contact_history").column("at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_history").execute();
}
