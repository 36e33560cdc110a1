import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Phones in E.164 beside what was typed; who moved a contact to the trash (so they may undo it); the
// first-name order broken by last name (its index and its favourites twin); people who must replace a
// temporary password before anything else.
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("contacts").addColumn("phone_e164", "text").execute();
  await db.schema.alterTable("contacts").addColumn("phone2_e164", "text").execute();
  await db.schema.alterTable("contacts").addColumn("deleted_by", "text").execute();

  const columns = ["organization_id", "sort_first", "sort_last", "id"];
  await db.schema
    .createIndex("contacts_by_first_last")
    .on("contacts")
    .columns(columns)
    .where(sql`deleted_at is null` as any)
    .execute();
  await db.schema
    .createIndex("contacts_favorites_by_first_last")
    .on("contacts")
    .columns(columns)
    .where(sql`deleted_at is null and fav_rank = 0` as any)
    .execute();
  await db.schema.dropIndex("contacts_by_first").execute();
  await db.schema.dropIndex("contacts_favorites_by_first").execute();

  await db.schema
    .createTable("password_change_required")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_change_required").execute();
  await db.schema.dropIndex("contacts_favorites_by_first_last").execute();
  await db.schema.dropIndex("contacts_by_first_last").execute();
  const active = sql`deleted_at is null`;
  await db.schema
    .createIndex("contacts_by_first")
    .on("contacts")
    .columns(["organization_id", "sort_first", "id"])
    .where(active as any)
    .execute();
  await db.schema
    .createIndex("contacts_favorites_by_first")
    .on("contacts")
    .columns(["organization_id", "sort_first", "id"])
    .where(sql`deleted_at is null and fav_rank = 0` as any)
    .execute();
  for (const column of ["deleted_by", "phone2_e164", "phone_e164"]) await db.schema.alterTable("contacts").dropColumn(column).execute();
}
