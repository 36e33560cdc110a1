import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_SORTS } from "../../shared/contact-schemas.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

const PEOPLE: [first: string, last: string | null, extra?: Record<string, unknown>][] = [
  ["ann", "Zed"],
  ["Bob", "adams", { email: "bob.adams@mail.example", notes: "Plays the cello" }],
  ["carl", null, { dates: [{ value: "--12-24", type: "birthday" }] }],
  ["ann", "Lee"],
  ["Ann", "Lee"],
  ["", null, { company: "Acme" }],
  ["Émile", "Brun", { dates: [{ value: "1980-03-01", type: "birthday" }] }],
  ["dave", null, { phone: "(555) 555-0123" }],
];

describe.each(engines)("contact order, paging and search (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;
  const ids: Record<string, string> = {};
  const label = (c: any) => [c.first_name || c.company, c.last_name].filter(Boolean).join(" ");
  const list = async (query: string) => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/contacts?${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.json as { items: any[]; nextCursor: string | null };
  };
  const all = async (query: string) => (await list(`${query}&limit=200`)).items;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
    let n = 0;
    for (const [first, last, extra] of PEOPLE) {
      const body = { first_name: first, last_name: last, phone: `55501000${n++}0`, ...extra };
      const res = await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body });
      expect(res.status).toBe(201);
      ids[`${label(res.json.contact)}#${n}`] = res.json.contact.id;
      await new Promise((r) => setTimeout(r, 3)); // distinct creation times
    }
  });
  afterAll(() => t?.close());

  /** The two "ann Lee"/"Ann Lee" rows tie on every key but id. */
  const leeByIdAsc = () => [ids["ann Lee#4"], ids["Ann Lee#5"]].sort();

  it("sorts by last name by default: people with a last name first, ties broken by id", async () => {
    const items = await all("");
    expect(items.map(label)).toEqual([
      "Bob adams",
      "Émile Brun",
      expect.stringMatching(/^ann Lee$/i),
      expect.stringMatching(/^ann Lee$/i),
      "ann Zed",
      "Acme",
      "carl",
      "dave",
    ]);
    expect([items[2].id, items[3].id]).toEqual(leeByIdAsc());
  });

  it("sorts by full name and by first name, byte order of the lower-cased names", async () => {
    expect((await all("sort=name")).map(label)).toEqual([
      "Acme",
      expect.any(String),
      expect.any(String),
      "ann Zed",
      "Bob adams",
      "carl",
      "dave",
      "Émile Brun",
    ]);
    expect((await all("sort=first_name")).map((c) => (c.first_name || c.company).toLowerCase())).toEqual([
      "acme",
      "ann",
      "ann",
      "ann",
      "bob",
      "carl",
      "dave",
      "émile",
    ]);
  });

  it("breaks first-name ties by last name, then id", async () => {
    const anns = (await all("sort=first_name")).filter((c) => c.first_name.toLowerCase() === "ann");
    expect(anns.map((c) => c.last_name)).toEqual(["Lee", "Lee", "Zed"]);
    expect(anns.slice(0, 2).map((c) => c.id)).toEqual(leeByIdAsc());
  });

  it("sorts favourites first, recent by last access, created and updated newest first", async () => {
    await send(t.app, "POST", `/api/orgs/${org}/contacts/${ids["carl#3"]}/favorite`, { cookie, body: { is_favorite: true } });
    await send(t.app, "POST", `/api/orgs/${org}/contacts/${ids["ann Zed#1"]}/favorite`, { cookie, body: { is_favorite: true } });
    expect((await all("sort=favorite")).map(label).slice(0, 3)).toEqual(["ann Zed", "carl", "Acme"]);

    await send(t.app, "POST", `/api/orgs/${org}/contacts/${ids["dave#8"]}/access`, { cookie });
    await new Promise((r) => setTimeout(r, 5));
    await send(t.app, "POST", `/api/orgs/${org}/contacts/${ids["Bob adams#2"]}/access`, { cookie });
    expect((await all("sort=recent")).map(label).slice(0, 2)).toEqual(["Bob adams", "dave"]);

    expect((await all("sort=created")).map(label)).toEqual(
      [...PEOPLE.map(([f, l, e]) => [f || e?.company, l].filter(Boolean).join(" "))].reverse(),
    );
    const edited = await send(t.app, "PATCH", `/api/orgs/${org}/contacts/${ids["Acme#6"]}`, {
      cookie,
      body: { version: 1, notes: "edited" },
    });
    expect(edited.status).toBe(200);
    expect(label((await all("sort=updated"))[0])).toBe("Acme");
  });

  it("sorts by birthday: month and day, then the people without one by name", async () => {
    expect((await all("sort=birthday")).map(label)).toEqual([
      "Émile Brun",
      "carl",
      "Acme",
      expect.stringMatching(/^ann Lee$/i),
      expect.stringMatching(/^ann Lee$/i),
      "ann Zed",
      "Bob adams",
      "dave",
    ]);
  });

  // The favourites' and birthdays' orders are read in two parts (the few, then the rest): pages of 2
  // end on the last of the few, pages of 3 run across.
  it.each(CONTACT_SORTS.flatMap((sort) => [2, 3].map((limit) => [sort, limit] as const)))(
    "pages through sort %s, %i a page, with no row skipped or repeated",
    async (sort, limit) => {
      const whole = (await all(`sort=${sort}`)).map((c) => c.id);
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query = `sort=${sort}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        const page: { items: any[]; nextCursor: string | null } = await list(query);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        paged.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(PEOPLE.length);
    },
  );

  it("refuses a forged cursor and an unknown sort", async () => {
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts?cursor=garbage`, { cookie })).status).toBe(400);
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts?sort=shoe_size`, { cookie })).status).toBe(400);
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts?limit=201`, { cookie })).status).toBe(400);
  });

  it.each([
    ["LEE", ["ann Lee", "Ann Lee"]],
    ["ann l", ["ann Lee", "Ann Lee"]],
    ["ÉMILE", ["Émile Brun"]],
    ["cello", ["Bob adams"]],
    ["bob.adams@mail", ["Bob adams"]],
    ["5550123", ["dave"]],
    ["555-0123", ["dave"]],
    ["(555) 555-0123", ["dave"]],
    ["bo", ["Bob adams"]],
    ["acm", ["Acme"]],
    ["xyzzy", []],
    ["  zed  ", ["ann Zed"]],
  ])("search %j finds %j, case-insensitively, and the counts agree", async (q, expected) => {
    const items = await all(`q=${encodeURIComponent(q)}`);
    expect(items.map(label).sort()).toEqual([...expected].sort());
    const counts = await send(t.app, "GET", `/api/orgs/${org}/contacts/counts?q=${encodeURIComponent(q)}`, { cookie });
    expect(counts.json.all).toBe(expected.length);
  });

  it("takes % and _ in a search literally", async () => {
    expect(await all(`q=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await all(`q=${encodeURIComponent("a_n")}`)).toEqual([]);
  });
});
