import { type Kysely, SqliteAdapter, sql } from "kysely";

/** Column types that differ between the engines, so one migration yields the same schema on both. */
export function columnTypes(db: Kysely<any>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return {
    sqlite,
    timestamp: sqlite ? sql`text` : sql`timestamptz`,
    boolean: sqlite ? sql`integer` : sql`boolean`,
    bigint: sql`bigint`,
    /** Text compared byte by byte, so sort orders and keyset paging agree on both engines. */
    sortText: sqlite ? sql`text` : sql`text collate "C"`,
    now: sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` : sql`CURRENT_TIMESTAMP`,
  };
}
