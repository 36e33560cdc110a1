import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Merges of duplicate contacts (ADR 018): what one undo needs to put every contact and membership back
 * (the kept contact's row before, the merged contacts' ids, the versions the merge left, the memberships
 * it added), and on each merged-away contact the merge that trashed it, for the trash's 'merged into'.
 *
 * And how many contacts hold each phone or e-mail key, kept by triggers on contact_keys, with an index of
 * the keys held more than once: the Duplicates finder reads that index's range instead of grouping every
 * key of the book (1.5 s at 100,000 contacts on PostgreSQL when shared keys are rare).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("contact_merges")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", t.sortText, (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", t.sortText)
    .addColumn("keep_id", t.sortText, (c) => c.notNull())
    .addColumn("keep_name", "text", (c) => c.notNull())
    // JSON: the merged contacts' ids; the kept row as it was; { id: version } after the merge; group ids added.
    .addColumn("merged_ids", "text", (c) => c.notNull())
    .addColumn("keep_before", "text", (c) => c.notNull())
    .addColumn("versions_after", "text", (c) => c.notNull())
    .addColumn("groups_added", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("undone_at", t.timestamp)
    .execute();
  // Nullable without a default: no rewrite of a million rows on either engine.
  await db.schema.alterTable("contacts").addColumn("merged_into", t.sortText).execute();

  await db.schema
    .createTable("contact_key_counts")
    .addColumn("organization_id", t.sortText, (c) => c.notNull())
    .addColumn("kind", t.sortText, (c) => c.notNull())
    .addColumn("key", t.sortText, (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("contact_key_counts_pk", ["organization_id", "kind", "key"])
    .modifyEnd(t.sqlite ? sql`without rowid` : sql``)
    .execute();
  await sql`insert into contact_key_counts (organization_id, kind, key, n)
    select organization_id, kind, key, count(*) from contact_keys group by organization_id, kind, key`.execute(db);
  await sql`create index contact_key_counts_shared on contact_key_counts (organization_id, kind, key) where n > 1`.execute(db);
  await countEveryKey(db);
}

/**
 * The counting triggers as this migration made them: a row for every key, shared or not (0077 keeps
 * rows for shared keys only; its down puts these back).
 */
export async function countEveryKey(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  if (t.sqlite) {
    await sql`create trigger contact_keys_count_insert after insert on contact_keys begin
      insert into contact_key_counts (organization_id, kind, key, n) values (new.organization_id, new.kind, new.key, 1)
        on conflict (organization_id, kind, key) do update set n = n + 1;
    end`.execute(db);
    await countDeletes(db, 0);
  } else {
    // Per statement, from its transition table: an import batch's 2,000 keys are one grouped upsert.
    await sql`create function contact_keys_count_insert() returns trigger language plpgsql as $$
      begin
        insert into contact_key_counts (organization_id, kind, key, n)
          select organization_id, kind, key, count(*) from added group by organization_id, kind, key
          on conflict (organization_id, kind, key) do update set n = contact_key_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    await countDeletes(db, 0);
  }
}

/**
 * The delete trigger: a key's count falls by the holders removed, and its row goes at `floor` or below
 * (0 here; 1 once rows are kept for shared keys only, 0077). On PostgreSQL it also attaches both
 * statement triggers to their functions, the insert's made before.
 */
export async function countDeletes(db: Kysely<any>, floor: 0 | 1): Promise<void> {
  const below = sql.lit(floor);
  if (columnTypes(db).sqlite) {
    await sql`create trigger contact_keys_count_delete after delete on contact_keys begin
      update contact_key_counts set n = n - 1 where organization_id = old.organization_id and kind = old.kind and key = old.key;
      delete from contact_key_counts where organization_id = old.organization_id and kind = old.kind and key = old.key and n <= ${below};
    end`.execute(db);
    return;
  }
  await sql`create function contact_keys_count_delete() returns trigger language plpgsql as $$
    begin
      update contact_key_counts c set n = c.n - r.n
        from (select organization_id, kind, key, count(*) as n from removed group by organization_id, kind, key) r
        where c.organization_id = r.organization_id and c.kind = r.kind and c.key = r.key;
      delete from contact_key_counts c using removed r
        where c.organization_id = r.organization_id and c.kind = r.kind and c.key = r.key and c.n <= ${below};
      return null;
    end $$`.execute(db);
  await sql`create trigger contact_keys_count_insert after insert on contact_keys
    referencing new table as added for each statement execute function contact_keys_count_insert()`.execute(db);
  await sql`create trigger contact_keys_count_delete after delete on contact_keys
    referencing old table as removed for each statement execute function contact_keys_count_delete()`.execute(db);
}

/** Drops the counting triggers (and their functions on PostgreSQL), whichever migration made them. */
export async function dropCountTriggers(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  for (const name of ["contact_keys_count_insert", "contact_keys_count_delete"]) {
    await sql.raw(t.sqlite ? `drop trigger if exists ${name}` : `drop trigger if exists ${name} on contact_keys`).execute(db);
    if (!t.sqlite) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCountTriggers(db);
  await db.schema.dropTable("contact_key_counts").execute();
  await db.schema.alterTable("contacts").dropColumn("merged_into").execute();
  await db.schema.dropTable("contact_merges").execute();
}
