import type { Kysely } from "kysely";

/**
 * Which version, person and time last wrote each field of a contact (JSON text, ADR 017), so an edit that
 * started from an older version merges field by field. Existing rows have none (null): an edit from an
 * older version of one of them is checked as if every field had changed at its current version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contacts").addColumn("field_stamps", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("contacts").dropColumn("field_stamps").execute();
}
