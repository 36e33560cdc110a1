import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";
import { FLUSH_BYTES, setFlush } from "./0076-search-index-flush.js";

/**
 * ADR 028. SQLite's trigram index (FTS5) kept each trigram's positions in each contact's search text, for
 * phrase queries. A search only asks which contacts hold every trigram of a word, and then whether the
 * text holds the word (GLOB, checked on the text itself: contact-search.ts), so the index keeps the
 * contacts alone (`detail=none`): a third of its size, and an import's write about 15% quicker. Nor
 * does it keep each text's length in trigrams (`columnsize=0`), which only ranking reads, and a search
 * does not rank: one table less to write a contact into. Made again from the contacts' search text;
 * 0076's flush size is set again with it. PostgreSQL's trigram index is a GIN index: nothing here.
 */
async function remake(db: Kysely<any>, options: string) {
  await sql`drop table contacts_fts`.execute(db);
  await sql`create virtual table contacts_fts using fts5(search_text, content='contacts', content_rowid='rowid',
    tokenize='trigram'${sql.raw(options)})`.execute(db);
  await setFlush(db, FLUSH_BYTES);
  await sql`insert into contacts_fts(contacts_fts) values ('rebuild')`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) await remake(db, ", detail=none, columnsize=0");
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) await remake(db, "");
}
