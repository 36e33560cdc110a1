import type { Kysely } from "kysely";

// The number of active contacts per organization, kept in step by every write, so the "All Contacts"
// badge costs one row read instead of counting a million index entries.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contact_counts")
    .addColumn("organization_id", "text", (c) => c.primaryKey().notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contact_counts").execute();
}
