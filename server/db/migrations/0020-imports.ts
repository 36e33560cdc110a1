import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Imports: one record per run (progress, summary, failed rows, undo), the previous values of contacts a
// run changed (for undo), which run created a contact, and the usage statistics of spec section 3.
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("imports")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    // No foreign key: the record outlives the account that ran it.
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("processed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("merged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed", "integer", (c) => c.notNull().defaultTo(0))
    // JSON: the first problems with their row, and the failed rows as written (both capped).
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("notices", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("failed_rows", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("headers", "text")
    .addColumn("heartbeat_at", t.timestamp, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("finished_at", t.timestamp)
    .addColumn("undone_at", t.timestamp)
    .addColumn("undo_report", "text")
    .execute();
  await db.schema.createIndex("imports_by_org").on("imports").columns(["organization_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("import_changes")
    .addColumn("import_id", t.sortText, (c) => c.notNull().references("imports.id").onDelete("cascade"))
    .addColumn("contact_id", t.sortText, (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("previous", "text", (c) => c.notNull())
    .addColumn("version_after", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("import_changes_pk", ["import_id", "contact_id"])
    .execute();
  await db.schema.createIndex("import_changes_by_contact").on("import_changes").column("contact_id").execute();

  await db.schema.alterTable("contacts").addColumn("import_id", t.sortText).execute();
  await db.schema
    .createIndex("contacts_by_import")
    .on("contacts")
    .columns(["import_id"])
    .where(sql.ref("import_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("usage_stats")
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("period", t.sortText, (c) => c.notNull())
    .addColumn("imports", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("exports", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("searches", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("usage_stats_pk", ["organization_id", "period", "user_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("usage_stats").execute();
  await db.schema.dropIndex("contacts_by_import").execute();
  await db.schema.alterTable("contacts").dropColumn("import_id").execute();
  await db.schema.dropTable("import_changes").execute();
  await db.schema.dropTable("imports").execute();
}
