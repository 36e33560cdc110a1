import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Merges of duplicate contacts (ADR 018): what one undo needs to put every contact and membership back
 * (the kept contact's row before, the merged contacts' ids, the versions the merge left, the memberships
 * it added), and on each merged-away contact the merge that trashed it, for the trash's 'merged into'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("contact_merges")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", t.sortText, (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", t.sortText)
    .addColumn("keep_id", t.sortText, (c) => c.notNull())
    .addColumn("keep_name", "text", (c) => c.notNull())
    // JSON: the merged contacts' ids; the kept row as it was; { id: version } after the merge; group ids added.
    .addColumn("merged_ids", "text", (c) => c.notNull())
    .addColumn("keep_before", "text", (c) => c.notNull())
    .addColumn("versions_after", "text", (c) => c.notNull())
    .addColumn("groups_added", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("undone_at", t.timestamp)
    .execute();
  // Nullable without a default: no rewrite of a million rows on either engine.
  await db.schema.alterTable("contacts").addColumn("merged_into", t.sortText).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contacts").dropColumn("merged_into").execute();
  await db.schema.dropTable("contact_merges").execute();
}
