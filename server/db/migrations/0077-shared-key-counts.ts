import { type Kysely, type RawBuilder, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";
import { countDeletes, countEveryKey, dropCountTriggers } from "./0068-contact-merges.js";
import { KEY_LOCK_NAME_SQL, keyLocks } from "../key-locks.js";

// ADR 018, amended. `contact_key_counts` keeps a row only for a key more than one contact holds: the
// Duplicates finder reads nothing else. 0068 kept one for every key, so each phone and e-mail an import
// wrote was an upsert into a table as large as `contact_keys` itself (a sixth of an import's database
// time on PostgreSQL). Now a new key costs one look into `contact_keys`' primary key for another holder.
//
// A row holds the exact number of holders (active or trashed) and goes when it would fall to one. With no
// row a key has at most one holder, so the holders after an insert are counted up to one more than the
// statement added. On PostgreSQL the insert's trigger first takes the keys' advisory locks (key-locks.ts,
// those a create of a number takes): two transactions writing the first two holders of a key at once
// would otherwise each see one holder and write no row. A delete takes none (a change of a contact's
// keys locks once, for the new ones): a holder deleted while another is added may leave a count one too
// high, or a row for a key one contact holds. The finder reads the holders, so it shows no group for it.

/** The keys' locks (key-locks.ts): the count that follows reads with a snapshot of its own, after them. */
const lockKeys = (table: "added") =>
  keyLocks("perform", sql.raw("organization_id"), sql`organization_id || ':' || ${KEY_LOCK_NAME_SQL}`, sql.raw(table));

/**
 * The insert trigger's function on PostgreSQL. `skip`, a condition (raw SQL: a function body takes no
 * bound values), lets a statement's keys go uncounted: migration 0081's, for keys an import batch knows
 * nobody else holds. With `countBumpedToo` false (migration 0084) the keys whose row was bumped are set
 * aside first (a materialized step) and holders are counted only for the others; as 0077 wrote it,
 * PostgreSQL counted them for every key and set the bumped aside afterwards.
 */
export const countInsertFunction = (skip: RawBuilder<unknown> | null, countBumpedToo = true) => {
  const notBumped = sql`not exists (select from bumped b
          where b.organization_id = a.organization_id and b.kind = a.kind and b.key = a.key)`;
  return sql`create or replace function contact_keys_count_insert()
    returns trigger language plpgsql as $$
    begin
      ${skip ? sql`if ${skip} then return null; end if;` : sql``}
      ${lockKeys("added")};
      with a as (select organization_id, kind, key, count(*) as n from added group by organization_id, kind, key),
        bumped as (update contact_key_counts c set n = c.n + a.n from a
          where c.organization_id = a.organization_id and c.kind = a.kind and c.key = a.key
          returning c.organization_id, c.kind, c.key),
        counted as ${countBumpedToo ? sql`(select * from a)` : sql`materialized (select a.* from a where ${notBumped})`}
      insert into contact_key_counts (organization_id, kind, key, n)
        select a.organization_id, a.kind, a.key, h.n from counted a
        cross join lateral (select count(*) as n from (select from contact_keys k
          where k.organization_id = a.organization_id and k.kind = a.kind and k.key = a.key limit a.n + 1) as held) h
        where h.n > 1${countBumpedToo ? sql` and ${notBumped}` : sql``};
      return null;
    end $$`;
};

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await dropCountTriggers(db);
  await sql`drop index contact_key_counts_shared`.execute(db);
  if (t.sqlite) {
    await sql`delete from contact_key_counts where n <= 1`.execute(db);
    await sql`create trigger contact_keys_count_insert after insert on contact_keys begin
      insert into contact_key_counts (organization_id, kind, key, n)
        select new.organization_id, new.kind, new.key, 2 where exists (select 1 from contact_keys k
          where k.organization_id = new.organization_id and k.kind = new.kind and k.key = new.key and k.contact_id <> new.contact_id)
        on conflict (organization_id, kind, key) do update set n = n + 1;
    end`.execute(db);
    await countDeletes(db, 1);
    return;
  }
  // A delete would leave the index full of dead entries until a vacuum (a page of the finder read 240,000
  // of them at 200,000 contacts): the shared rows go into a table truncated afresh instead.
  await sql`create temporary table shared_key_counts on commit drop as select * from contact_key_counts where n > 1`.execute(db);
  await sql`truncate contact_key_counts`.execute(db);
  await sql`insert into contact_key_counts select * from shared_key_counts`.execute(db);
  await sql`analyze contact_key_counts`.execute(db);
  await countInsertFunction(null).execute(db);
  await countDeletes(db, 1);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropCountTriggers(db);
  await sql`insert into contact_key_counts (organization_id, kind, key, n)
    select organization_id, kind, key, 1 from contact_keys group by organization_id, kind, key having count(*) = 1`.execute(db);
  await sql`create index contact_key_counts_shared on contact_key_counts (organization_id, kind, key) where n > 1`.execute(db);
  await countEveryKey(db);
}
