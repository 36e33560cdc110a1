import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Imports that add contacts to the groups their labels name: the run's counts (JSON `{ created, added }`,
 * null for a run without the option), and the memberships it gave contacts that existed before it, so an
 * undo takes them away again (the contacts it created go to the trash with theirs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("imports").addColumn("groups", "text").execute();
  // No foreign keys to the group or the contact: a link of one deleted since is simply not found on undo,
  // and deleting groups or purging contacts does not have to look here.
  await db.schema
    .createTable("import_group_links")
    .addColumn("import_id", t.sortText, (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("group_id", t.sortText, (c) => c.notNull())
    .addColumn("contact_id", t.sortText, (c) => c.notNull())
    .addPrimaryKeyConstraint("import_group_links_pk", ["import_id", "group_id", "contact_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_group_links").execute();
  await db.schema.alterTable("imports").dropColumn("groups").execute();
}
