import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/harness.js";
import { FALLBACK_COUNTRY } from "../../../shared/phone.js";
import { migrateToLatest } from "../migrate.js";
import { createRepositories } from "./index.js";

// The statistics PRAGMA optimize left after a million contacts were imported: the organization's column
// measured on one index, nothing on the primary key. With them SQLite walked that index over every
// contact of the organization to find a page's 210 duplicates (200 ms), instead of looking up the ids.
const AFTER_A_LARGE_IMPORT = [["contacts", "contacts_birthdays", "1000000 1000000 11765 2 1"]];

describe("statements driven by a list of contact ids (sqlite)", () => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((t) => t.drop()));
  });

  /** A book with the statistics above, whose repository records every statement it sends. */
  const tracedBook = async (statistics = AFTER_A_LARGE_IMPORT) => {
    const t = await createTestDatabase("sqlite");
    opened.push(t);
    await migrateToLatest(t.database, { defaultCountry: FALLBACK_COUNTRY });
    const db = t.database.db;
    await sql`analyze`.execute(db);
    await sql`delete from sqlite_stat1`.execute(db);
    for (const [tbl, idx, stat] of statistics) await sql`insert into sqlite_stat1 values (${tbl}, ${idx}, ${stat})`.execute(db);
    await sql`analyze sqlite_schema`.execute(db);

    const statements: CompiledQuery[] = [];
    const tracer: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        statements.push(db.getExecutor().compileQuery(node, queryId));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const contacts = createRepositories(db.withPlugin(tracer), "sqlite").contacts("o1");
    /** The plan of each recorded statement on `table` that matches `shape`. */
    const plans = async (table: string, shape: RegExp) => {
      const found: string[] = [];
      for (const s of statements) {
        if (!shape.test(s.sql) || !new RegExp(`(from|update) "?${table}\\b`).test(s.sql)) continue;
        const rows = (await db.executeQuery(CompiledQuery.raw(`explain query plan ${s.sql}`, [...s.parameters]))).rows as {
          detail: string;
        }[];
        found.push(rows.map((r) => r.detail).join("; "));
      }
      return found;
    };
    return { db, contacts, plans };
  };

  it("look the ids up by the primary key, whatever the statistics say of the organization", async () => {
    const { contacts, plans: plansOf } = await tracedBook();
    const now = new Date().toISOString();
    await contacts.findMany(["a", "b"]);
    await contacts.namesOf(["a", "b"]);
    await contacts.activeIds(["a", "b"]);
    await contacts.withKeys([{ kind: "phone", key: "6155550100" }]);
    await contacts.trashMany(["a", "b"], now, "u1");
    await contacts.setFavoriteMany(["a", "b"], true, now);

    const plans = await plansOf("contacts", /\bin \(select value from json_each/);
    expect(plans).toHaveLength(5);
    for (const plan of plans) expect(plan).toMatch(/^SEARCH (c|contacts) USING INDEX sqlite_autoindex_contacts_1 \(id=\?\)/);
  });

  it("find a create's duplicate by the key index and the primary key", async () => {
    const { db, contacts, plans } = await tracedBook();
    const now = new Date().toISOString();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('o1', 'Clinic', ${now}, ${now})`.execute(db);
    for (const id of ["a", "b"])
      await sql`insert into contacts (id, organization_id, first_name, created_at, updated_at, search_text, sort_name, sort_first,
        sort_last, no_last, phone_type, phone2_type) values (${id}, 'o1', ${id}, ${now}, ${now}, '', ${id}, ${id}, '', 1, 'mobile', 'home')`.execute(
        db,
      );
    await sql`insert into contact_keys (organization_id, kind, key, contact_id) values ('o1', 'phone', '6155550100', 'a'), ('o1', 'email', 'a@clinic.test', 'b')`.execute(
      db,
    );

    const twin = await contacts.findByKeys([
      { kind: "phone", key: "6155550100" },
      { kind: "email", key: "a@clinic.test" },
    ]);
    expect(twin?.id).toBe("a");
    const keyPlans = await plans("contact_keys", /./);
    expect(keyPlans).toHaveLength(2);
    for (const plan of keyPlans)
      expect(plan).toMatch(/^SEARCH contact_keys USING PRIMARY KEY \(organization_id=\? AND kind=\? AND key=\?\)/);
    const rowPlans = await plans("contacts", /./);
    expect(rowPlans.length).toBeGreaterThan(0);
    for (const plan of rowPlans) expect(plan).toMatch(/^SEARCH (c|contacts) USING INDEX sqlite_autoindex_contacts_1 \(id=\?\)/);
  });
  it("walk the favourites' and birthdays' orders along indexes, the few then the rest, never sorting the book", async () => {
    // No statistics: those above are of a large import of contacts without birthdays into an index
    // that then held them all; SQLite weighs an index with statistics against those without by guesses.
    const { contacts, plans } = await tracedBook([]);
    const list = { filter: "all" as const, recentSince: new Date().toISOString(), limit: 51 };
    await contacts.page({ ...list, sort: "favorite" });
    await contacts.page({ ...list, sort: "favorite", after: [1, "m", "id-m"] });
    await contacts.page({ ...list, sort: "birthday" });
    await contacts.page({ ...list, sort: "birthday", filter: "birthdays", birthdayMonth: "04" });

    const read = await plans("contacts", /order by/);
    expect(read).toEqual([
      expect.stringMatching(/^SEARCH c USING INDEX contacts_favorites_by_name \(organization_id=\?\)$/),
      expect.stringMatching(/^SEARCH c USING INDEX contacts_by_name \(organization_id=\?\)$/),
      // A cursor among the others: the favourites are behind it.
      expect.stringMatching(/^SEARCH c USING INDEX contacts_by_name \(organization_id=\? AND \(sort_name,id\)>\(\?,\?\)\)$/),
      expect.stringMatching(/^SEARCH c USING INDEX contacts_birthdays \(organization_id=\?\)$/),
      expect.stringMatching(/^SEARCH c USING INDEX contacts_by_name \(organization_id=\?\)$/),
      // A month's birthdays: its range of the index, and no walk of the others.
      expect.stringMatching(/^SEARCH c USING INDEX contacts_birthdays \(organization_id=\? AND birthday_md>\? AND birthday_md<\?\)$/),
    ]);
  });
  it("count the favourites along their flag's index with the statistics PRAGMA optimize leaves after a large import", async () => {
    // Read off a book of a million after a 100,000-row import: the organization's column is measured
    // on a sample, as if each index held 1,770 rows of it.
    const measured = Object.entries({
      contacts_by_change: "1000000 1770 1",
      contacts_by_created: "1000000 1770 1 1",
      contacts_by_updated: "1000000 1770 1 1",
      contacts_by_recent: "1000000 1770 1770 1",
      contacts_by_name: "1000000 1770 2 1",
      contacts_by_last: "1000000 1770 1770 80 2 1",
      contacts_by_first_last: "1000000 1770 351 2 1",
      contacts_by_favorite_flag: "1000000 1770 1770 1",
      contacts_birthdays: "249268 1770 1770 1 1",
      contacts_opened: "10045 1770 1 1 1 1 1 1 1 1 1 1",
      contacts_favorites_by_name: "19760 1770 1 1",
      contacts_favorites_by_last: "19760 1770 1770 2 1 1",
      contacts_favorites_by_first_last: "19760 1770 12 1 1",
      contacts_favorites_by_created: "19760 1770 1 1",
      contacts_favorites_by_updated: "19760 1770 1 1",
      contacts_favorites_by_recent: "19760 1770 1770 1",
      sqlite_autoindex_contacts_1: "1000000 1",
    }).map(([index, stat]) => ["contacts", index, stat]);
    const { contacts, plans } = await tracedBook(measured);
    const recentSince = new Date().toISOString();
    await contacts.countCapped({ filter: "favorites", recentSince }, 10_000);
    await contacts.page({ filter: "all", recentSince, sort: "last_name", limit: 51 });
    // The count's subquery is recorded on its own, then the count, then the page.
    const [, count, page] = await plans("contacts", /./);
    expect(count).toMatch(/SEARCH c USING INDEX contacts_by_favorite_flag \(organization_id=\? AND fav_rank=\?\)/);
    expect(page).toBe("SEARCH c USING INDEX contacts_by_last (organization_id=?)");
  });
});
