import { type Kysely, type RawBuilder, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// ADR 015, amended. Two indexes were led by a column whose one value holds most of a book: the Favourites
// sort's (fav_rank, then name: most contacts are not favourites) and the birthdays' (birthday_md '~',
// then name: most contacts have none). Every contact an import wrote was an insert at a random place in
// each, for entries that only repeat the name index. Those sorts now read the few first (the
// favourites' own indexes, the index of contacts with a birthday) and then the rest along the name
// index (contacts.ts, SORT_PARTS).
//
// The favourites keep an index by flag then id, where a new contact lands at the end: with the
// statistics PRAGMA optimize leaves after a large import, SQLite counted the Favourites chip along
// another index of the whole book (440 ms at a million) rather than one of the favourites' partial ones.

const active = sql`deleted_at is null`;

/**
 * SQLite weighs an index without statistics by guesses, against the others' measured ones: the new
 * favourites index looked like ten rows an organization, and the first page of a million-contact book
 * was read along it and sorted (1.2 s). Where the contacts were measured, the new indexes are too.
 */
async function measure(db: Kysely<any>, indexes: string[]): Promise<void> {
  if (!columnTypes(db).sqlite) return;
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat1'`.execute(db);
  if (rows[0]!.n === 0) return;
  const measured = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'contacts'`.execute(db);
  if (measured.rows[0]!.n === 0) return;
  for (const index of indexes) await sql`analyze ${sql.id(index)}`.execute(db);
}

const index = (db: Kysely<any>, name: string, columns: string[], where: RawBuilder<unknown>) =>
  db.schema
    .createIndex(name)
    .on("contacts")
    .columns(columns)
    .where(where as any)
    .execute();

const BIRTHDAYS = ["organization_id", "birthday_md", "sort_name", "id"];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_by_favorite").execute();
  await index(db, "contacts_by_favorite_flag", ["organization_id", "fav_rank", "id"], active);
  await db.schema.dropIndex("contacts_birthdays").execute();
  await index(db, "contacts_birthdays", BIRTHDAYS, sql`deleted_at is null and birthday_md <> '~'`);
  await measure(db, ["contacts_by_favorite_flag", "contacts_birthdays"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_birthdays").execute();
  await index(db, "contacts_birthdays", BIRTHDAYS, active);
  await db.schema.dropIndex("contacts_by_favorite_flag").execute();
  await index(db, "contacts_by_favorite", ["organization_id", "fav_rank", "sort_name", "id"], active);
  await measure(db, ["contacts_by_favorite", "contacts_birthdays"]);
}
