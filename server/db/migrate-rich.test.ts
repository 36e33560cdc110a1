import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../test/harness.js";
import { FALLBACK_COUNTRY } from "../../shared/phone.js";
import { type MigrationSettings, migrateToLatest } from "./migrate.js";

const settings: MigrationSettings = { defaultCountry: FALLBACK_COUNTRY };

// Contacts stored before rich contacts (the spec's flat columns) keep every value in the new shape.
describe.each(engines)("migration 0062: existing contacts become rich contacts without loss (%s)", (engine) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.drop()));
  });

  it("turns the flat phone, second phone, e-mail and address into first entries, and keys every phone and e-mail", async () => {
    const t = await createTestDatabase(engine);
    opened.push(t);
    await migrateToLatest(t.database, settings, "0061-recent-index");
    const db = t.database.db;
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    const base = {
      organization_id: "o1",
      created_at: now,
      updated_at: now,
      version: 1,
      search_text: "",
      sort_name: "",
      sort_first: "",
      sort_last: "",
      no_last: 1,
      fav_rank: 1,
      accessed_key: "",
    };
    await db
      .insertInto("contacts")
      .values([
        {
          ...base,
          id: "c1",
          first_name: "Ann",
          phone: "(615) 390-6319",
          phone_type: "work",
          phone2: "+44 20 7946 0958",
          phone2_type: "fax_work",
          phone_digits: "6153906319",
          email: "Ann@Example.com",
          address: "1 Main St",
          city: "Nashville",
          province_state: "TN",
          postal_zip_code: "37201",
        },
        { ...base, id: "c2", first_name: "", company: "Acme", phone: null, phone_type: "mobile", phone2_type: "home", phone_digits: "" },
      ] as never)
      .execute();

    await migrateToLatest(t.database, settings);

    const rows = await db.selectFrom("contacts").selectAll().orderBy("id").execute();
    const [ann, acme] = rows;
    expect(JSON.parse(ann!.phones)).toEqual([
      { value: "(615) 390-6319", type: "work", label: null },
      { value: "+44 20 7946 0958", type: "fax_work", label: null },
    ]);
    expect(JSON.parse(ann!.emails)).toEqual([{ value: "Ann@Example.com", type: "home", label: null }]);
    expect(JSON.parse(ann!.addresses)).toEqual([
      {
        street: "1 Main St",
        extended: null,
        city: "Nashville",
        region: "TN",
        postal_code: "37201",
        country: null,
        type: "home",
        label: null,
      },
    ]);
    expect([ann!.kind, ann!.urls, ann!.dates, ann!.custom_fields, ann!.birthday_md]).toEqual(["person", "[]", "[]", "[]", "~"]);
    expect([acme!.phones, acme!.emails, acme!.addresses]).toEqual(["[]", "[]", "[]"]);

    const keys = await db.selectFrom("contact_keys").select(["kind", "key", "contact_id"]).orderBy("kind").orderBy("key").execute();
    expect(keys).toEqual([
      { kind: "email", key: "ann@example.com", contact_id: "c1" },
      { kind: "phone", key: "442079460958", contact_id: "c1" },
      { kind: "phone", key: "6153906319", contact_id: "c1" },
    ]);
    const org = await db.selectFrom("organizations").select("require_phone").executeTakeFirstOrThrow();
    expect(Boolean(org.require_phone)).toBe(true);
  });
});
