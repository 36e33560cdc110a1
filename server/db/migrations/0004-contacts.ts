import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Contacts with precomputed sort keys (lower-cased, null-free) so every sort order of the list is one
 * index range on both engines, and a lower-cased search_text behind a trigram index (FTS5 on SQLite,
 * pg_trgm on PostgreSQL) for substring search at a million rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("contacts")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text")
    .addColumn("company", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("phone_type", "text", (c) => c.notNull().defaultTo("mobile"))
    .addColumn("phone2", "text")
    .addColumn("phone2_type", "text", (c) => c.notNull().defaultTo("home"))
    .addColumn("address", "text")
    .addColumn("city", "text")
    .addColumn("province_state", "text")
    .addColumn("postal_zip_code", "text")
    .addColumn("notes", "text")
    .addColumn("is_favorite", t.boolean, (c) => c.notNull().defaultTo(sql`${sql.raw(t.sqlite ? "0" : "false")}`))
    .addColumn("last_accessed", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .addColumn("deleted_at", t.timestamp)
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_name", t.sortText, (c) => c.notNull())
    .addColumn("sort_first", t.sortText, (c) => c.notNull())
    .addColumn("sort_last", t.sortText, (c) => c.notNull())
    .addColumn("no_last", "integer", (c) => c.notNull())
    .addColumn("fav_rank", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("accessed_key", t.sortText, (c) => c.notNull().defaultTo(""))
    .addColumn("phone_digits", t.sortText, (c) => c.notNull().defaultTo(""))
    .addColumn("search_text", "text", (c) => c.notNull())
    .execute();

  const active = sql`deleted_at is null`;
  const index = (name: string, columns: string[], where = active) =>
    db.schema
      .createIndex(name)
      .on("contacts")
      .columns(columns)
      .where(where as any)
      .execute();
  await index("contacts_by_last", ["organization_id", "no_last", "sort_last", "sort_first", "id"]);
  await index("contacts_by_name", ["organization_id", "sort_name", "id"]);
  await index("contacts_by_first", ["organization_id", "sort_first", "id"]);
  await index("contacts_by_recent", ["organization_id", "accessed_key", "id"]);
  await index("contacts_by_favorite", ["organization_id", "fav_rank", "sort_name", "id"]);
  await index("contacts_by_created", ["organization_id", "created_at", "id"]);
  await index("contacts_by_updated", ["organization_id", "updated_at", "id"]);
  await index("contacts_by_phone", ["organization_id", "phone_digits"]);
  await index("contacts_trash", ["organization_id", "deleted_at", "id"], sql`deleted_at is not null`);

  if (t.sqlite) {
    await sql`create virtual table contacts_fts using fts5(search_text, content='contacts', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger contacts_fts_insert after insert on contacts begin
      insert into contacts_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`create trigger contacts_fts_delete after delete on contacts begin
      insert into contacts_fts(contacts_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(db);
    await sql`create trigger contacts_fts_update after update of search_text on contacts begin
      insert into contacts_fts(contacts_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into contacts_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
  } else {
    // The extension is database-wide; it lives in public unless it was installed elsewhere before, so
    // its operator class is named with whatever schema holds it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const { rows } = await sql<{
      schema: string;
    }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
    // regnamespace::text is already a quoted identifier where quoting is needed.
    const opclass = sql.raw(`${rows[0]!.schema}.gin_trgm_ops`);
    await sql`create index contacts_search_trgm on contacts using gin (search_text ${opclass})`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.sqlite) await sql`drop table if exists contacts_fts`.execute(db);
  await db.schema.dropTable("contacts").execute();
}
