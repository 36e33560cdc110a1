import { type RawBuilder, sql } from "kysely";
import type { MatchKey } from "./repositories/contacts.js";

/**
 * Writers of one phone or e-mail key wait for each other on PostgreSQL's advisory locks (a create of a
 * number, an import batch, the key counts' triggers of migration 0077). A key's lock is one of
 * KEY_LOCK_SLOTS per organization, so a transaction holds at most that many whatever it writes. A lock
 * per key overflowed the server's shared lock table (about 12,400 locks with the default settings): an
 * import batch took about 6,000, so three imports could not run at once, and a statement writing more
 * keys than the table holds failed with "out of shared memory". Keys that share a slot
 * wait for each other too: a create waits at most for an import batch's write. Changing the number
 * needs a migration that makes 0077's triggers again.
 */
export const KEY_LOCK_SLOTS = 1024;

/**
 * The statement that takes the locks of keys, in one order for every writer so that two wait rather than
 * deadlock: `organization` and `name` (`<organization id>:<key name>`) are SQL expressions over `from`;
 * `verb` is `perform` inside a plpgsql function.
 */
export function keyLocks(verb: "select" | "perform", organization: Sql, name: Sql, from: Sql) {
  return sql`${sql.raw(verb)} pg_advisory_xact_lock(o, s) from (select distinct hashtext(${organization}) as o,
    hashtext(${name}) & ${sql.lit(KEY_LOCK_SLOTS - 1)} as s from ${from} order by 1, 2) as ordered`;
}

type Sql = RawBuilder<unknown>;

/** A key's name within its organization: a phone's key, or `email:` and the address. */
export const keyLockName = (k: MatchKey) => (k.kind === "phone" ? k.key : `email:${k.key}`);

/** keyLockName in SQL, over a row of contact_keys. */
export const KEY_LOCK_NAME_SQL = sql.raw(`case when kind = 'phone' then key else 'email:' || key end`);
