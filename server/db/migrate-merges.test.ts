import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../test/harness.js";
import { FALLBACK_COUNTRY } from "../../shared/phone.js";
import { KEY_LOCK_SLOTS } from "./key-locks.js";
import { type MigrationSettings, migrateToLatest } from "./migrate.js";

const settings: MigrationSettings = { defaultCountry: FALLBACK_COUNTRY };

/** A contact row with only the columns every migration since 0065 requires. */
const contactRow = (id: string, now: string) => ({
  id,
  first_name: id,
  created_at: now,
  updated_at: now,
  search_text: "",
  sort_name: id,
  sort_first: id,
  sort_last: "",
  no_last: 1,
  phone_type: "mobile",
  phone2_type: "home",
});

// The duplicate finder reads counts of shared keys: counted from the keys already stored, then kept by
// the database on every insert and delete of a key, whichever code path writes it.
describe.each(engines)("migration 0068: shared key counts (%s)", (engine) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.drop()));
  });

  /** A database at the latest migration with one organization ('o1') and these contacts. */
  const bookAtLatest = async (ids: string[]) => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    await migrateToLatest(t.database, settings);
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(t.database.db);
    await t.database.db
      .insertInto("contacts")
      .values(ids.map((id) => ({ ...contactRow(id, now), organization_id: "o1" })) as never)
      .execute();
    return t.database.db;
  };

  it("counts the keys already stored, then follows inserts, deletes and purged contacts", async () => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    await migrateToLatest(t.database, settings, "0065-import-groups");
    const db = t.database.db;
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    const contact = (id: string) => ({ ...contactRow(id, now), organization_id: "o1" });
    await db
      .insertInto("contacts")
      .values(["a", "b", "c", "d"].map(contact) as never)
      .execute();
    const key = (contact_id: string, k: string) => ({ organization_id: "o1", kind: "phone" as const, key: k, contact_id });
    await db
      .insertInto("contact_keys")
      .values([key("a", "6155550100"), key("b", "6155550100"), key("c", "6155550199")])
      .execute();

    const counts = async () =>
      Object.fromEntries(
        (await db.selectFrom("contact_key_counts").select(["key", "n"]).orderBy("key").execute()).map((r) => [r.key, Number(r.n)]),
      );
    await migrateToLatest(t.database, settings, "0076-search-index-flush");
    expect(await counts()).toEqual({ "6155550100": 2, "6155550199": 1 });

    // 0077: only keys held more than once keep a row.
    await migrateToLatest(t.database, settings);
    expect(await counts()).toEqual({ "6155550100": 2 });
    await db
      .insertInto("contact_keys")
      .values([key("c", "6155550100"), key("d", "6155550199")])
      .execute();
    expect(await counts()).toEqual({ "6155550100": 3, "6155550199": 2 });
    await db.deleteFrom("contact_keys").where("contact_id", "=", "a").execute();
    expect(await counts()).toEqual({ "6155550100": 2, "6155550199": 2 });
    // A contact deleted for good takes its keys with it (the foreign key's cascade), and their counts:
    // a key left with one holder has no row.
    await db.deleteFrom("contacts").where("id", "=", "c").execute();
    expect(await counts()).toEqual({});

    // Undone, 0077 counts every key again, and its triggers are 0068's.
    await migrateToLatest(t.database, settings, "0076-search-index-flush");
    expect(await counts()).toEqual({ "6155550100": 1, "6155550199": 1 });
    await db
      .insertInto("contact_keys")
      .values([key("a", "6155550100")])
      .execute();
    expect(await counts()).toEqual({ "6155550100": 2, "6155550199": 1 });
  });

  // Two people save the first two holders of a new e-mail at once: each transaction alone sees one
  // holder. The trigger's advisory lock makes the second wait for the first and count both.
  if (engine === "postgres")
    it("counts two first holders of a key written at the same time", async () => {
      const db = await bookAtLatest(["a", "b"]);
      const key = (contact_id: string) => ({ organization_id: "o1", kind: "email" as const, key: "desk@clinic.test", contact_id });
      let firstInserted!: () => void;
      const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
      const waiting = async () => {
        for (let i = 0; i < 500; i++) {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`.execute(db);
          if (rows[0]!.n > 0) return;
          await new Promise((r) => setTimeout(r, 10));
        }
      };
      const first = db.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await c.insertInto("contact_keys").values(key("a")).execute();
        firstInserted();
        await waiting();
        await sql`commit`.execute(c);
      });
      const second = db.connection().execute(async (c) => {
        await inserted;
        await sql`begin`.execute(c);
        await c.insertInto("contact_keys").values(key("b")).execute();
        await sql`commit`.execute(c);
      });
      await Promise.all([first, second]);
      const rows = await db.selectFrom("contact_key_counts").select(["key", "n"]).execute();
      expect(rows.map((r) => [r.key, Number(r.n)])).toEqual([["desk@clinic.test", 2]]);
    });

  // A lock per key overflowed the server's shared lock table (key-locks.ts): a statement writing more
  // keys than it holds failed with "out of shared memory".
  if (engine === "postgres")
    it("holds a bounded number of locks however many keys a transaction writes", async () => {
      const ids = Array.from({ length: 4 }, (_, i) => `c${i}`);
      const db = await bookAtLatest(ids);
      const held = await db.transaction().execute(async (trx) => {
        // 20,000 keys in one statement: each of 5,000 addresses held by all 4 contacts.
        await sql`insert into contact_keys (organization_id, kind, key, contact_id)
          select 'o1', 'email', 'desk' || i || '@clinic.test', c from generate_series(1, 5000) as i, unnest(${ids}::text[]) as c`.execute(
          trx,
        );
        await trx.deleteFrom("contact_keys").where("contact_id", "in", ids.slice(0, 2)).execute();
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid()`.execute(trx);
        return rows[0]!.n;
      });
      expect(held).toBeLessThanOrEqual(KEY_LOCK_SLOTS);
      const counts = await db
        .selectFrom("contact_key_counts")
        .select(({ fn }) => [fn.countAll<number>().as("keys"), fn.min("n").as("n")])
        .executeTakeFirstOrThrow();
      expect([Number(counts.keys), Number(counts.n)]).toEqual([5000, 2]);
    });
});
