import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../test/harness.js";
import { FALLBACK_COUNTRY } from "../../shared/phone.js";
import { type MigrationSettings, migrateToLatest } from "./migrate.js";
import { contactRepository } from "./repositories/contacts.js";

const settings: MigrationSettings = { defaultCountry: FALLBACK_COUNTRY };

/** A contact row with only the columns every migration here needs; its name stands in for its sort keys and search text. */
const insertContact = (db: TestDatabase["database"]["db"], org: string, id: string, name = id, search = name) => {
  const now = new Date().toISOString();
  return sql`insert into contacts (id, organization_id, first_name, created_at, updated_at, search_text, sort_name, sort_first,
    sort_last, no_last, phone_type, phone2_type) values (${id}, ${org}, ${name}, ${now}, ${now}, ${search}, ${name.toLowerCase()},
    ${name.toLowerCase()}, '', 1, 'mobile', 'home')`.execute(db);
};

const EXPECTED_TABLES = [
  "accounts",
  "api_tokens",
  "app_passwords",
  "audit_logs",
  "contact_counts",
  "contact_history",
  "contact_key_counts",
  "contact_keys",
  "contact_merges",
  "contact_photos",
  "contact_tombstones",
  "contacts",
  "data_upgrades",
  "dav_devices",
  "ended_sessions",
  "first_run_welcome",
  "group_contacts",
  "groups",
  "import_changes",
  "import_group_links",
  "imports",
  "invitations",
  "known_devices",
  "mail_outbox",
  "memberships",
  "notification_settings",
  "notifications",
  "organizations",
  "passkeys",
  "password_change_required",
  "profiles",
  "rateLimit",
  "rate_limits",
  "sessions",
  "two_factors",
  "usage_stats",
  "users",
  "verifications",
  "webhook_deliveries",
  "webhooks",
];

async function describeSchema(t: TestDatabase) {
  const tables = await t.database.db.introspection.getTables();
  return Object.fromEntries(
    tables
      // contacts_fts* are SQLite's full-text tables; PostgreSQL has a trigram index instead.
      .filter((table) => !table.name.startsWith("kysely_") && !table.name.startsWith("contacts_fts"))
      .map((table) => [table.name, table.columns.map((c) => `${c.name}${c.isNullable ? "?" : ""}`).sort()]),
  );
}

describe("migrations", () => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.drop()));
  });

  it.each(engines)("apply once and are a no-op the second time (%s)", async (engine) => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    const first = await migrateToLatest(t.database, settings);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrateToLatest(t.database, settings)).toEqual([]);
    expect(Object.keys(await describeSchema(t)).sort()).toEqual(EXPECTED_TABLES);
  });

  it("let SQLite's search index take a whole import batch's terms before it writes a segment (0076)", async () => {
    const t = await createTestDatabase("sqlite");
    opened.push(t);
    await migrateToLatest(t.database, settings);
    const { rows } = await sql<{ v: number }>`select v from contacts_fts_config where k = 'hashsize'`.execute(t.database.db);
    expect(rows).toEqual([{ v: 16 * 1024 * 1024 }]);
  });

  it("keep SQLite's search index without positions, made again from every contact's text, and back when undone (0079)", async () => {
    const t = await createTestDatabase("sqlite");
    opened.push(t);
    const db = t.database.db;
    await migrateToLatest(t.database, settings, "0078-drop-phone-index");
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    await insertContact(db, "o1", "a", "Ann", "ann | 17 south parks road");
    const definition = async () =>
      (await sql<{ sql: string }>`select sql from sqlite_master where name = 'contacts_fts'`.execute(db)).rows[0]!.sql;
    const found = async (glob: string) =>
      (await sql<{ rowid: number }>`select rowid from contacts_fts where search_text glob ${glob}`.execute(db)).rows.length;
    const flush = async () => (await sql<{ v: number }>`select v from contacts_fts_config where k = 'hashsize'`.execute(db)).rows;
    expect(await definition()).not.toMatch(/detail/);
    await migrateToLatest(t.database, settings, "0079-search-index-without-positions");
    expect(await definition()).toMatch(/detail=none, columnsize=0/);
    // The contact written before is in the new index; 0076's flush size is kept.
    expect([await found("*parks road*"), await found("*parks roads*")]).toEqual([1, 0]);
    expect(await flush()).toEqual([{ v: 16 * 1024 * 1024 }]);
    // Kept in step by the contacts' triggers as before: a changed text is found by its new words only.
    await sql`update contacts set search_text = 'ann | 3 banbury road' where id = 'a'`.execute(db);
    expect([await found("*parks road*"), await found("*banbury road*")]).toEqual([0, 1]);
    await migrateToLatest(t.database, settings, "0078-drop-phone-index");
    expect(await definition()).not.toMatch(/detail|columnsize/);
    expect(await found("*banbury road*")).toBe(1);
    expect(await flush()).toEqual([{ v: 16 * 1024 * 1024 }]);
  });

  it.each(engines)("drop the phone-digits index nothing reads, and give it back when undone (0078, %s)", async (engine) => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    const db = t.database.db;
    const indexes = async () =>
      engine === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'contacts'`.execute(db)).rows.map(
            (r) => r.name,
          )
        : (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'contacts' and schemaname = current_schema()`.execute(db)
          ).rows.map((r) => r.name);
    await migrateToLatest(t.database, settings, "0077-shared-key-counts");
    expect(await indexes()).toContain("contacts_by_phone");
    await migrateToLatest(t.database, settings);
    const now = await indexes();
    expect(now).not.toContain("contacts_by_phone");
    // The sort orders' indexes stay.
    expect(now).toEqual(expect.arrayContaining(["contacts_by_name", "contacts_by_last", "contacts_birthdays"]));
    await migrateToLatest(t.database, settings, "0077-shared-key-counts");
    expect(await indexes()).toContain("contacts_by_phone");
  });

  it.each(engines)(
    "read the favourites' and birthdays' orders from smaller indexes, and give the old back when undone (0082, %s)",
    async (engine) => {
      const t = await createTestDatabase(engine);
      opened.push(t);
      const db = t.database.db;
      const indexes = async () =>
        engine === "sqlite"
          ? (
              await sql<{
                name: string;
                sql: string;
              }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'contacts'`.execute(db)
            ).rows
          : (
              await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes
              where tablename = 'contacts' and schemaname = current_schema()`.execute(db)
            ).rows;
      const birthdays = async () => (await indexes()).find((i) => i.name === "contacts_birthdays")!.sql;
      await migrateToLatest(t.database, settings, "0081-uncounted-new-keys");
      const now = new Date().toISOString();
      await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
      await insertContact(db, "o1", "a", "Ann", "ann");
      // A book measured before (SQLite): the new indexes are measured too, not weighed by guesses.
      if (engine === "sqlite") await sql`analyze`.execute(db);
      await migrateToLatest(t.database, settings);
      const names = (await indexes()).map((i) => i.name);
      expect(names).toContain("contacts_by_favorite_flag");
      expect(names).not.toContain("contacts_by_favorite");
      expect(await birthdays()).toMatch(/birthday_md <> '~'/);
      if (engine === "sqlite") {
        const measured = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'contacts' order by idx`.execute(db);
        expect(measured.rows.map((r) => r.idx)).toEqual(expect.arrayContaining(["contacts_birthdays", "contacts_by_favorite_flag"]));
      }
      await migrateToLatest(t.database, settings, "0081-uncounted-new-keys");
      expect((await indexes()).map((i) => i.name)).toEqual(expect.arrayContaining(["contacts_by_favorite", "contacts_birthdays"]));
      expect(await birthdays()).not.toMatch(/<>/);
    },
  );

  it.each(engines)(
    "delete a deleted contact's keys, one contact's or an organization's, with their shared counts (0080, %s)",
    async (engine) => {
      const t = await createTestDatabase(engine);
      opened.push(t);
      const db = t.database.db;
      await migrateToLatest(t.database, settings);
      const now = new Date().toISOString();
      await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
      const contact = async (id: string, keys: [string, string][]) => {
        await insertContact(db, "o1", id);
        for (const [kind, key] of keys)
          await sql`insert into contact_keys (organization_id, kind, key, contact_id) values ('o1', ${kind}, ${key}, ${id})`.execute(db);
      };
      const keys = async () =>
        (await sql<{ k: string }>`select contact_id || ':' || key as k from contact_keys order by 1`.execute(db)).rows.map((r) => r.k);
      const shared = async () =>
        (await sql<{ k: string }>`select key || '=' || n as k from contact_key_counts order by 1`.execute(db)).rows.map((r) => r.k);
      await contact("ann", [
        ["phone", "5550001"],
        ["email", "ann@example.com"],
      ]);
      await contact("bob", [["phone", "5550001"]]);
      await contact("cy", [["phone", "5550002"]]);
      expect(await shared()).toEqual(["5550001=2"]);

      await sql`delete from contacts where id = 'ann'`.execute(db);
      expect(await keys()).toEqual(["bob:5550001", "cy:5550002"]);
      expect(await shared()).toEqual([]);
      await sql`delete from organizations where id = 'o1'`.execute(db);
      expect(await keys()).toEqual([]);

      // Undone, the foreign key deletes them again (PostgreSQL; SQLite kept it).
      await migrateToLatest(t.database, settings, "0079-search-index-without-positions");
      await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
      await contact("dee", [["phone", "5550003"]]);
      await sql`delete from contacts where id = 'dee'`.execute(db);
      expect(await keys()).toEqual([]);
    },
  );

  it.each(engines)(
    "find a key's holders through a hash of the key on PostgreSQL, and give the primary key back when undone (0083, %s)",
    async (engine) => {
      const t = await createTestDatabase(engine);
      opened.push(t);
      const db = t.database.db;
      await migrateToLatest(t.database, settings, "0082-split-sort-indexes");
      const now = new Date().toISOString();
      const holders = async (org: string) =>
        (await contactRepository(db, engine, org).keyContacts([{ kind: "phone", key: "5550001" }])).map((h) => h.contact_id).sort();
      // PostgreSQL's only: SQLite's key table is its primary key.
      const keyIndexes = async () =>
        (
          await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes
          where tablename = 'contact_keys' and schemaname = current_schema() order by 1`.execute(db)
        ).rows.map((i) => `${i.name}: ${/using (\w+)/i.exec(i.sql)![1]!.toLowerCase()}`);
      for (const org of ["o1", "o2"]) {
        await sql`insert into organizations (id, name, created_at, updated_at) values (${org}, ${org}, ${now}, ${now})`.execute(db);
        for (const id of [`${org}-ann`, `${org}-bob`]) {
          await insertContact(db, org, id);
          // The office line both hold, in each organization; the same digits as an e-mail key are another key.
          await sql`insert into contact_keys (organization_id, kind, key, contact_id) values (${org}, 'phone', '5550001', ${id}),
            (${org}, 'email', '5550001', ${id})`.execute(db);
        }
      }

      await migrateToLatest(t.database, settings);
      expect(await holders("o1")).toEqual(["o1-ann", "o1-bob"]);
      expect(await holders("o2")).toEqual(["o2-ann", "o2-bob"]);
      if (engine === "postgres") expect(await keyIndexes()).toEqual(["contact_keys_by_contact: btree", "contact_keys_by_key: hash"]);
      // The key counts' trigger still finds the holders: a third holder counts three.
      await insertContact(db, "o1", "o1-cy");
      await sql`insert into contact_keys (organization_id, kind, key, contact_id) values ('o1', 'phone', '5550001', 'o1-cy')`.execute(db);
      const counts = await sql<{ k: string }>`select organization_id || ':' || kind || '=' || n as k from contact_key_counts
        where key = '5550001' order by 1`.execute(db);
      expect(counts.rows.map((r) => r.k)).toEqual(["o1:email=2", "o1:phone=3", "o2:email=2", "o2:phone=2"]);

      await migrateToLatest(t.database, settings, "0082-split-sort-indexes");
      expect(await holders("o1")).toEqual(["o1-ann", "o1-bob", "o1-cy"]);
      if (engine === "postgres") expect(await keyIndexes()).toEqual(["contact_keys_by_contact: btree", "contact_keys_pk: btree"]);
    },
  );

  it.each(engines)("count a statement's keys whether counted before, newly shared, or alone, as before (0084, %s)", async (engine) => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    const db = t.database.db;
    const now = new Date().toISOString();
    const counts = async () =>
      (await sql<{ k: string }>`select key || '=' || n as k from contact_key_counts order by 1`.execute(db)).rows.map((r) => r.k);
    // One statement: an office line counted before (two holders), a number one contact held, two new
    // holders of a new number, and a number nobody else holds.
    const write = (suffix: string) =>
      sql`insert into contact_keys (organization_id, kind, key, contact_id) values
        ('o1', 'phone', ${`office${suffix}`}, ${`c${suffix}`}), ('o1', 'phone', ${`desk${suffix}`}, ${`c${suffix}`}),
        ('o1', 'phone', ${`new${suffix}`}, ${`c${suffix}`}), ('o1', 'phone', ${`new${suffix}`}, ${`d${suffix}`}),
        ('o1', 'email', ${`alone${suffix}`}, ${`d${suffix}`})`.execute(db);
    const before = async (suffix: string) => {
      for (const id of ["a", "b", "c", "d"]) await insertContact(db, "o1", `${id}${suffix}`);
      await sql`insert into contact_keys (organization_id, kind, key, contact_id) values ('o1', 'phone', ${`office${suffix}`}, ${`a${suffix}`}),
        ('o1', 'phone', ${`office${suffix}`}, ${`b${suffix}`}), ('o1', 'phone', ${`desk${suffix}`}, ${`a${suffix}`})`.execute(db);
    };
    await migrateToLatest(t.database, settings, "0083-key-lookup-by-hash");
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    await before("1");
    await write("1");
    const asBefore = await counts();
    expect(asBefore).toEqual(["desk1=2", "new1=2", "office1=3"]);

    await migrateToLatest(t.database, settings);
    await before("2");
    await write("2");
    expect(await counts()).toEqual([...asBefore, "desk2=2", "new2=2", "office2=3"].sort());
  });

  // Defined only when PostgreSQL is there (CI), so a SQLite-only run shows no skipped test.
  if (engines.includes("postgres"))
    it("yield the same tables, columns and nullability on SQLite and PostgreSQL", async () => {
      const sqlite = await createTestDatabase("sqlite");
      const postgres = await createTestDatabase("postgres");
      opened.push(sqlite, postgres);
      await migrateToLatest(sqlite.database, settings);
      await migrateToLatest(postgres.database, settings);
      expect(await describeSchema(postgres)).toEqual(await describeSchema(sqlite));
    });
});
