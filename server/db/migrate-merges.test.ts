import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../test/harness.js";
import { FALLBACK_COUNTRY } from "../../shared/phone.js";
import { type MigrationSettings, migrateToLatest } from "./migrate.js";

const settings: MigrationSettings = { defaultCountry: FALLBACK_COUNTRY };

// The duplicate finder reads counts of shared keys: counted from the keys already stored, then kept by
// the database on every insert and delete of a key, whichever code path writes it.
describe.each(engines)("migration 0068: shared key counts (%s)", (engine) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.drop()));
  });

  it("counts the keys already stored, then follows inserts, deletes and purged contacts", async () => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    await migrateToLatest(t.database, settings, "0065-import-groups");
    const db = t.database.db;
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    const contact = (id: string) => ({
      id,
      organization_id: "o1",
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
    await db
      .insertInto("contacts")
      .values(["a", "b", "c"].map(contact) as never)
      .execute();
    const key = (contact_id: string, k: string) => ({ organization_id: "o1", kind: "phone" as const, key: k, contact_id });
    await db
      .insertInto("contact_keys")
      .values([key("a", "6155550100"), key("b", "6155550100"), key("c", "6155550199")])
      .execute();

    await migrateToLatest(t.database, settings);
    const counts = async () =>
      Object.fromEntries(
        (await db.selectFrom("contact_key_counts").select(["key", "n"]).orderBy("key").execute()).map((r) => [r.key, Number(r.n)]),
      );
    expect(await counts()).toEqual({ "6155550100": 2, "6155550199": 1 });

    await db
      .insertInto("contact_keys")
      .values([key("c", "6155550100")])
      .execute();
    expect(await counts()).toEqual({ "6155550100": 3, "6155550199": 1 });
    await db.deleteFrom("contact_keys").where("contact_id", "=", "a").execute();
    expect(await counts()).toEqual({ "6155550100": 2, "6155550199": 1 });
    // A contact deleted for good takes its keys with it (the foreign key's cascade), and their counts.
    await db.deleteFrom("contacts").where("id", "=", "c").execute();
    expect(await counts()).toEqual({ "6155550100": 1 });
  });
});
