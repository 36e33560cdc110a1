import { type Kysely, sql } from "kysely";

// The Favorites filter in every sort order: tiny partial indexes holding only favourites, so a page of
// favourites is an index range however rare or common favourites are among a million contacts.
const SORT_COLUMNS: Record<string, string[]> = {
  last: ["organization_id", "no_last", "sort_last", "sort_first", "id"],
  name: ["organization_id", "sort_name", "id"],
  first: ["organization_id", "sort_first", "id"],
  recent: ["organization_id", "accessed_key", "id"],
  created: ["organization_id", "created_at", "id"],
  updated: ["organization_id", "updated_at", "id"],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(SORT_COLUMNS)) {
    await db.schema
      .createIndex(`contacts_favorites_by_${name}`)
      .on("contacts")
      .columns(columns)
      .where(sql`deleted_at is null and fav_rank = 0` as any)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(SORT_COLUMNS)) await db.schema.dropIndex(`contacts_favorites_by_${name}`).execute();
}
