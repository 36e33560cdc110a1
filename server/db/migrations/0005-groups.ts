import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("groups")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("name_key", t.sortText, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("groups_by_name").on("groups").columns(["organization_id", "name_key", "id"]).execute();
  // Deleting a group removes its links, never its contacts; purging a contact removes its links.
  await db.schema
    .createTable("group_contacts")
    .addColumn("group_id", t.sortText, (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("contact_id", t.sortText, (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("added_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("group_contacts_pk", ["group_id", "contact_id"])
    .execute();
  await db.schema.createIndex("group_contacts_by_contact").on("group_contacts").column("contact_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("group_contacts").execute();
  await db.schema.dropTable("groups").execute();
}
