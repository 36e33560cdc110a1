import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// ADR 015, amended. On PostgreSQL the foreign key of `contact_keys.contact_id` checked each key row an
// insert wrote, a query per row (an import batch's 5,940: 0.7-0.9 s of the database's CPU for 100,000
// rows), and deleted a deleted contact's keys by a statement per contact. Every write of keys comes after
// the write of its contact's row in the same transaction (contacts.ts: insert, insertPacked, replaceKeys
// after an update that matched), and that row is locked against a delete until the commit, so the check
// proves nothing. One statement trigger deletes the keys of every contact a statement deleted, the
// organization's cascade included. SQLite keeps its foreign key: dropping one means rebuilding the
// table, and its check costs little there.

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await sql`alter table contact_keys drop constraint contact_keys_contact_id_fkey`.execute(db);
  await sql`create function contacts_drop_keys() returns trigger language plpgsql as $$
    begin
      delete from contact_keys k using gone g where k.contact_id = g.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger contacts_drop_keys after delete on contacts
    referencing old table as gone for each statement execute function contacts_drop_keys()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await sql`drop trigger contacts_drop_keys on contacts`.execute(db);
  await sql`drop function contacts_drop_keys()`.execute(db);
  // A key whose contact is gone would refuse the constraint; none should exist, but undoing must not fail on one.
  await sql`delete from contact_keys k where not exists (select from contacts c where c.id = k.contact_id)`.execute(db);
  await sql`alter table contact_keys add constraint contact_keys_contact_id_fkey
    foreign key (contact_id) references contacts (id) on delete cascade`.execute(db);
}
