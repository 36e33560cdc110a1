import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Contact photos (ADR 015): the server's 512 px JPEG of each, in a table of its own so a contact row and
 * every list read stay small; the contact carries the photo's etag, so a list knows whether to ask for
 * it and a browser may cache it under that version. A contact deleted for good takes its photo along.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("contact_photos")
    .addColumn("contact_id", t.sortText, (c) => c.primaryKey().notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("bytes", t.sqlite ? "blob" : "bytea", (c) => c.notNull())
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable("contacts").addColumn("photo_etag", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contacts").dropColumn("photo_etag").execute();
  await db.schema.dropTable("contact_photos").execute();
}
