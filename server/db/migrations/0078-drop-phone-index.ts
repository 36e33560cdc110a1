import { type Kysely, sql } from "kysely";

// ADR 015 said the key table (0068's `contact_keys`) replaces `contacts_by_phone` as the write a phone
// costs; the index stayed. Nothing reads it: create-or-merge and the Duplicates finder read the keys,
// and the short-word search's OR with `lower(email)` can use no index on either engine (it walks the
// sort's index). It was one more B-tree insert at a random place for every contact an import writes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("contacts_by_phone").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("contacts_by_phone")
    .on("contacts")
    .columns(["organization_id", "phone_digits"])
    .where(sql`deleted_at is null` as any)
    .execute();
}
