import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * ADR 027. SQLite's trigram index (FTS5) gathers a transaction's new terms in memory and writes them as a
 * new segment whenever they pass `hashsize` bytes (1 MB by default), merging segments as they pile up. An
 * import's batch of 2,000 contacts passed it several times, so each batch wrote several small segments
 * that the next writes merged again. At 16 MB a batch is one segment: the write of a 100,000-row import
 * took 16% less time. The memory is only held while a large transaction is open. PostgreSQL's trigram
 * index is a GIN index: nothing here.
 */
export const FLUSH_BYTES = 16 * 1024 * 1024;
const SQLITE_DEFAULT = 1024 * 1024;

export const setFlush = (db: Kysely<any>, bytes: number) =>
  // A literal: FTS5 takes an integer only, and a bound JavaScript number arrives as a real.
  sql`insert into contacts_fts(contacts_fts, rank) values ('hashsize', ${sql.lit(bytes)})`.execute(db);

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) await setFlush(db, FLUSH_BYTES);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) await setFlush(db, SQLITE_DEFAULT);
}
