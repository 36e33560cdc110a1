import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * CardDAV (ADR 013): app passwords; what a client sent that the app has no field for (kept per contact
 * and written back unchanged); and change tracking for sync tokens. Every write that bumps a contact's
 * `version` (create, edit, merge, trash, restore, import, undo) or removes it for good takes the next
 * number of its organization's `contact_seq` into `contacts.change_seq` (or a tombstone), so
 * "what changed since token N" is one index range. Triggers keep it, so no write path can forget it;
 * the counter row is locked until commit (PostgreSQL), so numbers become visible in order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("app_passwords")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_used_at", t.timestamp)
    .execute();
  await db.schema.createIndex("app_passwords_by_user").on("app_passwords").columns(["user_id", "created_at"]).execute();

  await db.schema
    .alterTable("organizations")
    .addColumn("contact_seq", t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("contacts")
    .addColumn("change_seq", t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  // The card's own UID, its resource name on the server, and its properties the app has no field for.
  await db.schema.alterTable("contacts").addColumn("vcard_uid", "text").execute();
  await db.schema.alterTable("contacts").addColumn("dav_name", "text").execute();
  await db.schema.alterTable("contacts").addColumn("vcard_extra", "text").execute();
  await db.schema.createIndex("contacts_by_change").on("contacts").columns(["organization_id", "change_seq"]).execute();
  await db.schema
    .createIndex("contacts_by_dav_name")
    .on("contacts")
    .columns(["organization_id", "dav_name"])
    .unique()
    .where(sql.ref("dav_name"), "is not", null)
    .execute();

  // Resource names that left the book for good (purged, or a phone's new card merged into another).
  await db.schema
    .createTable("contact_tombstones")
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("change_seq", t.bigint, (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("contact_tombstones_pk", ["organization_id", "change_seq"])
    .execute();

  // Contacts already there get numbers in id order, so every position a token names is one change.
  await sql`update contacts set change_seq = n.seq
    from (select id, row_number() over (partition by organization_id order by id) as seq from contacts) as n
    where contacts.id = n.id`.execute(db);
  await sql`update organizations set contact_seq = coalesce((select max(change_seq) from contacts where contacts.organization_id = organizations.id), 0)`.execute(
    db,
  );

  if (t.sqlite) {
    const stamp = (row: "new" | "old") => `
      update organizations set contact_seq = contact_seq + 1 where id = ${row}.organization_id;`;
    await sql
      .raw(
        `create trigger contacts_seq_insert after insert on contacts begin ${stamp("new")}
        update contacts set change_seq = (select contact_seq from organizations where id = new.organization_id) where rowid = new.rowid;
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger contacts_seq_update after update of version on contacts when new.version <> old.version begin ${stamp("new")}
        update contacts set change_seq = (select contact_seq from organizations where id = new.organization_id) where rowid = new.rowid;
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger contacts_seq_delete after delete on contacts begin ${stamp("old")}
        insert into contact_tombstones (organization_id, change_seq, name)
          select id, contact_seq, coalesce(old.dav_name, old.id || '.vcf') from organizations where id = old.organization_id;
      end`,
      )
      .execute(db);
  } else {
    await sql`create function contacts_take_seq() returns trigger language plpgsql as $$
      begin
        update organizations set contact_seq = contact_seq + 1 where id = new.organization_id returning contact_seq into new.change_seq;
        return new;
      end $$`.execute(db);
    await sql`create function contacts_tombstone() returns trigger language plpgsql as $$
      declare seq bigint;
      begin
        update organizations set contact_seq = contact_seq + 1 where id = old.organization_id returning contact_seq into seq;
        -- An organization being deleted takes its contacts along: nothing to remember then.
        if found then
          insert into contact_tombstones (organization_id, change_seq, name) values (old.organization_id, seq, coalesce(old.dav_name, old.id || '.vcf'));
        end if;
        return old;
      end $$`.execute(db);
    await sql`create trigger contacts_seq_insert before insert on contacts for each row execute function contacts_take_seq()`.execute(db);
    await sql`create trigger contacts_seq_update before update of version on contacts for each row
      when (new.version <> old.version) execute function contacts_take_seq()`.execute(db);
    await sql`create trigger contacts_seq_delete after delete on contacts for each row execute function contacts_tombstone()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  for (const name of ["contacts_seq_insert", "contacts_seq_update", "contacts_seq_delete"]) {
    await sql.raw(t.sqlite ? `drop trigger if exists ${name}` : `drop trigger if exists ${name} on contacts`).execute(db);
  }
  if (!t.sqlite) {
    await sql`drop function if exists contacts_take_seq()`.execute(db);
    await sql`drop function if exists contacts_tombstone()`.execute(db);
  }
  await db.schema.dropTable("contact_tombstones").execute();
  await db.schema.dropIndex("contacts_by_dav_name").execute();
  await db.schema.dropIndex("contacts_by_change").execute();
  for (const column of ["vcard_extra", "dav_name", "vcard_uid", "change_seq"]) {
    await db.schema.alterTable("contacts").dropColumn(column).execute();
  }
  await db.schema.alterTable("organizations").dropColumn("contact_seq").execute();
  await db.schema.dropTable("app_passwords").execute();
}
