import { type Kysely, sql } from "kysely";

// The Recent filter's own index: only contacts someone has opened, by when, carrying every sort key, so
// "opened in the last days" is one short range read from the index alone (SQLite; PostgreSQL too once
// the rows are all-visible), whichever order the list is in. The queries repeat the predicate
// `accessed_key > ''` word for word: both planners use a partial index only for a query that implies it.
const COLUMNS = [
  "organization_id",
  "accessed_key",
  "id",
  "no_last",
  "sort_last",
  "sort_first",
  "sort_name",
  "fav_rank",
  "created_at",
  "updated_at",
  // Always null here, but SQLite reads an index alone only when it holds every column the query names.
  "deleted_at",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("contacts_opened")
    .on("contacts")
    .columns(COLUMNS)
    .where(sql`deleted_at is null and accessed_key > ''` as any)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_opened").execute();
}
