import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as refoldKeys } from "../db/migrations/0022-fold-search-keys.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

const PEOPLE: Record<string, string>[] = [
  { first_name: "Barbara", last_name: "Adams", company: "Riverside Clinic", phone: "(615) 390-6319" },
  { first_name: "Adam", last_name: "Barber", phone: "(615) 555-0101" },
  { first_name: "José", last_name: "García", phone: "(615) 555-0102" },
  { first_name: "Jose", last_name: "Garcia", phone: "(615) 555-0103", company: "Gárcia Bros" },
  { first_name: "Anna", last_name: "Müller", phone: "(615) 555-0104" },
  { first_name: "Ian", last_name: "Hughes", phone: "+44 20 7946 0958" },
  { first_name: "Zoë", last_name: "Straße", phone: "(615) 555-0105", notes: "Met at the Café" },
];

describe.each(engines)("contact search as people type it (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;
  const ids: Record<string, string> = {};
  const name = (c: any) => [c.first_name, c.last_name].filter(Boolean).join(" ");
  const search = async (q: string) => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/contacts?limit=200&q=${encodeURIComponent(q)}`, { cookie });
    expect(res.status).toBe(200);
    const counts = await send(t.app, "GET", `/api/orgs/${org}/contacts/counts?q=${encodeURIComponent(q)}`, { cookie });
    expect(counts.json.all).toBe(res.json.items.length);
    return (res.json.items as any[]).map(name).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
    for (const body of PEOPLE) {
      const res = await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body });
      expect(res.status).toBe(201);
      ids[name(res.json.contact)] = res.json.contact.id;
    }
  });
  afterAll(() => t?.close());

  it.each([
    ["garcia", ["Jose Garcia", "José García"]],
    ["García", ["Jose Garcia", "José García"]],
    ["jose", ["Jose Garcia", "José García"]],
    ["JOSÉ", ["Jose Garcia", "José García"]],
    ["muller", ["Anna Müller"]],
    ["mueller", ["Anna Müller"]],
    ["Müller", ["Anna Müller"]],
    ["zoe", ["Zoë Straße"]],
    ["strasse", ["Zoë Straße"]],
    ["cafe", ["Zoë Straße"]],
  ])("accents: %j finds %j", async (q, expected) => {
    expect(await search(q)).toEqual(expected);
  });

  it.each([
    ["adams barbara", ["Barbara Adams"]],
    ["barbara adams", ["Barbara Adams"]],
    ["barbara clinic", ["Barbara Adams"]],
    ["clinic riverside barb", ["Barbara Adams"]],
    ["adam", ["Adam Barber", "Barbara Adams"]],
    ["adam barber", ["Adam Barber"]],
    ["garcia bros", ["Jose Garcia"]],
    ["b adams", ["Barbara Adams"]],
    ["barbara nobody", []],
  ])("several words in any order across fields: %j finds %j", async (q, expected) => {
    expect(await search(q)).toEqual(expected);
  });

  it.each([
    ["+16153906319", ["Barbara Adams"]],
    ["1 615 390 6319", ["Barbara Adams"]],
    ["6153906319", ["Barbara Adams"]],
    ["(615) 390-6319", ["Barbara Adams"]],
    ["+1 (615) 390-6319", ["Barbara Adams"]],
    ["390-6319", ["Barbara Adams"]],
    ["+44 20 7946 0958", ["Ian Hughes"]],
    ["+442079460958", ["Ian Hughes"]],
    ["7946 0958", ["Ian Hughes"]],
    ["+1 615 390 6318", []],
  ])("phones however typed: %j finds %j", async (q, expected) => {
    expect(await search(q)).toEqual(expected);
  });

  it("matches a word's wildcard characters as themselves: '_', '%', '*', '?' and brackets", async () => {
    const people = [
      {
        first_name: "Wilma",
        last_name: "Card",
        phone: "(615) 555-0177",
        email: "wilma_card@wild.test",
        notes: "[vip] 50% off *gold* why?",
      },
      { first_name: "Wilbur", last_name: "Card", phone: "(615) 555-0178", email: "wilmaxcard@wild.test", notes: "vip 500 off gold whyx" },
    ];
    for (const body of people) expect((await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body })).status).toBe(201);
    for (const q of ["wilma_card", "[vip]", "50%", "*gold*", "why?", "wild.test 50%"]) expect(await search(q)).toEqual(["Wilma Card"]);
    expect(await search("wilmaxcard")).toEqual(["Wilbur Card"]);
    expect(await search("card@wild")).toEqual(["Wilbur Card", "Wilma Card"]);
  });

  it("keeps a number as typed, with its E.164 form and the form the screens show beside it", async () => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/contacts/${ids["Ian Hughes"]}`, { cookie });
    expect(res.json).toMatchObject({ phone: "+44 20 7946 0958", phone_e164: "+442079460958", phone_display: "+44 20 7946 0958" });
    const us = await send(t.app, "GET", `/api/orgs/${org}/contacts/${ids["Barbara Adams"]}`, { cookie });
    expect(us.json).toMatchObject({ phone: "(615) 390-6319", phone_e164: "+16153906319", phone_display: "(615) 390-6319" });
    const bare = await send(t.app, "POST", `/api/orgs/${org}/contacts`, {
      cookie,
      body: { first_name: "Bare", phone: "6155550199", phone2: "442079460999" },
    });
    expect(bare.json.contact).toMatchObject({ phone_display: "(615) 555-0199", phone2_display: "442079460999" });
    const listed = await send(t.app, "GET", `/api/orgs/${org}/contacts?q=bare`, { cookie });
    expect(listed.json.items[0]).toMatchObject({ phone_display: "(615) 555-0199", phone2_display: "442079460999" });
  });

  it("finds a number however it was stored: '+1 615 390 6319' matches the contact typed as (615) 390-6319", async () => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/contacts/phone-match?phone=${encodeURIComponent("1 615 390 6319")}`, { cookie });
    expect(res.json.match).toMatchObject({ id: ids["Barbara Adams"], name: "Barbara Adams" });
    const uk = await send(t.app, "GET", `/api/orgs/${org}/contacts/phone-match?phone=${encodeURIComponent("+442079460958")}`, { cookie });
    expect(uk.json.match).toMatchObject({ id: ids["Ian Hughes"] });
  });

  it("the migration refolds keys written before search folded accents", async () => {
    // As the earlier code wrote them: lower case, accents kept, phone digits as typed.
    await sql`update contacts set search_text = ${"josé garcía | 6155550102"}, sort_first = ${"josé"}, phone_e164 = null
      where id = ${ids["José García"]}`.execute(t.database.db);
    expect(await search("jose garcia")).toEqual(["Jose Garcia"]);
    await refoldKeys(t.database.db, t.config.defaultCountry);
    expect(await search("jose garcia")).toEqual(["Jose Garcia", "José García"]);
    const row = await t.database.db
      .selectFrom("contacts")
      .select(["sort_first", "phone_e164"])
      .where("id", "=", ids["José García"]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sort_first: "jose", phone_e164: "+16155550102" });
  });
});

describe.each(engines)("contact search with another default country (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { DEFAULT_COUNTRY: "GB" });
    const user = await buildUser(t);
    org = await buildOrg(t, user.id);
    cookie = await signIn(t.app, user.email, user.password);
  });
  afterAll(() => t?.close());

  it("reads national numbers as that country's and matches them to the international form", async () => {
    const res = await send(t.app, "POST", `/api/orgs/${org}/contacts`, { cookie, body: { first_name: "Ian", phone: "20 7946 0958" } });
    expect(res.status).toBe(201);
    expect(res.json.contact.phone_e164).toBe("+442079460958");
    const found = await send(t.app, "GET", `/api/orgs/${org}/contacts?q=${encodeURIComponent("+44 20 7946 0958")}`, { cookie });
    expect(found.json.items.map((c: any) => c.id)).toEqual([res.json.contact.id]);
  });
});
