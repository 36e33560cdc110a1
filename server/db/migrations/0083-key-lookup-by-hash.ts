import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// ADR 015, amended. On PostgreSQL the key table's primary key (organization, kind, key, contact: two UUID
// texts in every entry) was the most of what a key row cost to write: each of an import's 300,000 keys an
// insert at a random place of an index of about 100 bytes an entry (53 MB at 200,000 contacts). Every
// read of it by key is by equality (the holders of these keys, a key's holders counted): a hash index of
// the key alone serves them with entries of a few bytes, and checks the organization and kind on the row.
// 300,000 keys written into a copy of a 200,000-contact book: 3.9 s with the primary key, 2.4 s with the
// hash index. Nothing relied on the key being unique: each contact's keys are written once, after its own
// row and under its keys' locks (contacts.ts), and SQLite, which keeps its primary key (a WITHOUT ROWID
// table is its primary key), still refuses a twice-written key in the tests of both engines.

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await sql`alter table contact_keys drop constraint contact_keys_pk`.execute(db);
  await sql`create index contact_keys_by_key on contact_keys using hash (key)`.execute(db);
  await sql`analyze contact_keys`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await sql`drop index contact_keys_by_key`.execute(db);
  await sql`alter table contact_keys add constraint contact_keys_pk primary key (organization_id, kind, key, contact_id)`.execute(db);
}
