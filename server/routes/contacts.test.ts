import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("contacts API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let n = 0;
  const phone = () => `555${String(1_000_000 + ++n).slice(1)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    const o = await buildUser(t);
    org = await buildOrg(t, a.id, "Clinic");
    otherOrg = await buildOrg(t, o.id, "Other");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
    outsider = await signIn(t.app, o.email, o.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const create = async (fields: Record<string, unknown>, cookie = admin) => {
    const res = await api("POST", "/contacts", { phone: phone(), ...fields }, cookie);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.json.contact;
  };

  it("creates a contact with defaults, sanitised text and a version", async () => {
    const res = await api("POST", "/contacts", {
      first_name: " <b>Ann</b> ",
      last_name: "Lee",
      phone: "(555) 010-0001",
      email: "ann@example.com",
      notes: "javascript:alert(1) likes tea",
    });
    expect(res.status).toBe(201);
    expect(res.json.merged).toBe(false);
    expect(res.json.contact).toMatchObject({
      first_name: "bAnn/b",
      last_name: "Lee",
      phone: "(555) 010-0001",
      phone_type: "mobile",
      phone2_type: "home",
      notes: "alert(1) likes tea",
      is_favorite: false,
      version: 1,
      deleted_at: null,
    });
    expect(res.json.contact).not.toHaveProperty("search_text");
  });

  it.each([
    [{ first_name: "A" }, "Phone number is required"],
    [{ first_name: "A", phone: "12" }, "Please enter a valid phone number (7-16 digits)"],
    [{ first_name: "A", phone: "0123456789" }, "Please enter a valid phone number (7-16 digits)"],
    [{ phone: "5550199999" }, "First name or company is required"],
    [{ first_name: "A", phone: "5550199999", email: "nope" }, "Please enter a valid email address"],
  ])("refuses %o with %j and stores nothing", async (body, message) => {
    const before = await api("GET", "/contacts/counts");
    const res = await api("POST", "/contacts", body);
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "VALIDATION", message });
    expect((await api("GET", "/contacts/counts")).json.all).toBe(before.json.all);
  });

  it("accepts a company without a first name", async () => {
    const res = await api("POST", "/contacts", { company: "Acme Plumbing", phone: phone() });
    expect(res.status).toBe(201);
    expect(res.json.contact).toMatchObject({ first_name: "", company: "Acme Plumbing" });
  });

  it("merges a new contact into the one with the same number, filling only its empty fields", async () => {
    const first = await create({ first_name: "Max", phone: "+1 (555) 777-0123" });
    const res = await api("POST", "/contacts", {
      first_name: "Maxwell",
      last_name: "Stone",
      phone: "555.777.0123",
      email: "max@example.com",
    });
    expect(res.status).toBe(201);
    expect(res.json.merged).toBe(true);
    expect(res.json.changes.sort()).toEqual(["emails", "last_name"]);
    expect(res.json.contact).toMatchObject({ id: first.id, first_name: "Max", last_name: "Stone", email: "max@example.com", version: 2 });
    const again = await api("POST", "/contacts", { first_name: "Max", phone: "5557770123" });
    expect(again.json).toMatchObject({ merged: true, changes: [] });
    const found = await api("GET", "/contacts?q=5557770123");
    expect(found.json.items).toHaveLength(1);
  });

  it("edits with the version it read and answers 409 to a stale version, changing nothing", async () => {
    const c = await create({ first_name: "Vera", last_name: "Old" });
    const ok = await api("PATCH", `/contacts/${c.id}`, { version: 1, last_name: "New" });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ last_name: "New", first_name: "Vera", version: 2 });
    const stale = await api("PATCH", `/contacts/${c.id}`, { version: 1, last_name: "Overwrite" });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe("VERSION_CONFLICT");
    expect((await api("GET", `/contacts/${c.id}`)).json).toMatchObject({ last_name: "New", version: 2 });
    const noVersion = await api("PATCH", `/contacts/${c.id}`, { last_name: "X" });
    expect(noVersion.status).toBe(400);
    const invalid = await api("PATCH", `/contacts/${c.id}`, { version: 2, phone: "" });
    expect(invalid.json.error.message).toBe("Phone number is required");
  });

  it("toggles favourites without touching the version, and records access for Recent", async () => {
    const c = await create({ first_name: "Fay", last_name: "Vorite" });
    const fav = await api("POST", `/contacts/${c.id}/favorite`, { is_favorite: true });
    expect(fav.json).toMatchObject({ is_favorite: true, version: 1 });
    const counts = await api("GET", "/contacts/counts?q=vorite");
    expect(counts.json).toEqual({ all: 1, favorites: 1, recent: 0, birthdays: 0 });
    const access = await api("POST", `/contacts/${c.id}/access`, undefined, staff);
    expect(access.status).toBe(200);
    expect((await api("GET", "/contacts/counts?q=vorite")).json.recent).toBe(1);
    const recent = await api("GET", "/contacts?filter=recent&q=vorite");
    expect(recent.json.items.map((x: any) => x.id)).toEqual([c.id]);
    expect(recent.json.items[0].last_accessed).toMatch(/^\d{4}-/);
  });

  it("moves to trash for anyone, while only admins see, restore or purge the trash", async () => {
    const c = await create({ first_name: "Trashy" }, staff);
    expect((await api("DELETE", `/contacts/${c.id}`)).status).toBe(204);
    expect((await api("GET", `/contacts/${c.id}`)).status).toBe(404);
    expect((await api("GET", "/contacts?q=trashy")).json.items).toEqual([]);
    expect((await api("GET", "/trash", undefined, staff)).status).toBe(403);
    // Someone else's delete is not staff's to undo.
    expect((await api("POST", `/trash/${c.id}/restore`, undefined, staff)).status).toBe(403);
    expect((await api("POST", `/contacts/${c.id}/restore`, undefined, staff)).status).toBe(403);
    expect((await api("DELETE", `/trash/${c.id}`, undefined, staff)).status).toBe(403);
    const trash = await api("GET", "/trash");
    expect(trash.json.items.map((x: any) => x.id)).toContain(c.id);
    expect(trash.json.items.find((x: any) => x.id === c.id).deleted_at).toMatch(/^\d{4}-/);
    const restored = await api("POST", `/trash/${c.id}/restore`);
    expect(restored.json).toMatchObject({ id: c.id, deleted_at: null });
    expect((await api("DELETE", `/trash/${c.id}`)).status).toBe(404);
    await api("DELETE", `/contacts/${c.id}`);
    expect((await api("DELETE", `/trash/${c.id}`)).status).toBe(204);
    expect((await api("POST", `/trash/${c.id}/restore`)).status).toBe(404);
  });

  it("answers 404 to every contact route for another organization, and changes nothing", async () => {
    const c = await create({ first_name: "Private", last_name: "Person" });
    const theirs = (m: string, p: string, body?: unknown) => send(t.app, m, `/api/orgs/${org}${p}`, { cookie: outsider, body });
    for (const [m, p, body] of [
      ["GET", "/contacts"],
      ["GET", "/contacts/counts"],
      ["GET", "/contacts/duplicates"],
      ["POST", "/contacts", { first_name: "X", phone: phone() }],
      ["GET", `/contacts/phone-match?phone=${encodeURIComponent(c.phone)}`],
      ["GET", `/contacts/${c.id}`],
      ["PATCH", `/contacts/${c.id}`, { version: 1, first_name: "Hacked" }],
      ["DELETE", `/contacts/${c.id}`],
      ["POST", `/contacts/${c.id}/favorite`, { is_favorite: true }],
      ["POST", `/contacts/${c.id}/access`],
      ["GET", "/trash"],
      ["POST", `/trash/${c.id}/restore`],
      ["DELETE", `/trash/${c.id}`],
    ] as [string, string, unknown?][]) {
      const res = await theirs(m, p, body);
      expect({ m, p, status: res.status }).toEqual({ m, p, status: 404 });
    }
    // Through their own organization's URL, our contact id is still not found.
    const viaOwn = await send(t.app, "GET", `/api/orgs/${otherOrg}/contacts/${c.id}`, { cookie: outsider });
    expect(viaOwn.status).toBe(404);
    expect((await api("GET", `/contacts/${c.id}`)).json).toMatchObject({
      first_name: "Private",
      version: 1,
      is_favorite: false,
      last_accessed: null,
    });
  });

  it("names the contact that already holds a number, however it is typed, for anyone in the organization", async () => {
    const held = await create({ first_name: "Holly", last_name: "Holder", phone: "(555) 777-0101" });
    const match = (typed: string, except?: string) =>
      api("GET", `/contacts/phone-match?phone=${encodeURIComponent(typed)}${except ? `&except=${except}` : ""}`, undefined, staff);
    for (const typed of ["5557770101", "+1 555 777 0101", "555.777.0101"]) {
      expect((await match(typed)).json).toEqual({ match: { id: held.id, name: "Holly Holder", phone: "(555) 777-0101", by: "phone" } });
    }
    // Editing that very contact is no duplicate of itself; short input matches nothing.
    expect((await match("5557770101", held.id)).json).toEqual({ match: null });
    expect((await match("555")).json).toEqual({ match: null });
    expect((await match("5557770199")).json).toEqual({ match: null });
  });

  it("lists duplicate groups by normalised number for admins only", async () => {
    const a = await create({ first_name: "Dup", last_name: "One", phone: "(555) 888-0000" });
    const b = await create({ first_name: "Dup", last_name: "Two" });
    await api("PATCH", `/contacts/${b.id}`, { version: 1, phone: "+1 555 888 0000" });
    expect((await api("GET", "/contacts/duplicates", undefined, staff)).status).toBe(403);
    const res = await api("GET", "/contacts/duplicates");
    const group = res.json.items.find((g: any) => g.normalized_phone === "(555) 888-0000");
    expect(group).toMatchObject({
      kind: "phone",
      reason: "Same phone",
      normalized_phone: "(555) 888-0000",
      contact_count: 2,
      contact_names: ["Dup One", "Dup Two"],
      contact_ids: [a.id, b.id],
    });
  });
});

describe.each(engines)("contact counts stay exact through every kind of change (%s)", (engine) => {
  it("matches a real count after creates, merges, deletes, restores and purges", async () => {
    const t = await createTestApp(engine);
    try {
      const user = await buildUser(t);
      const org = await buildOrg(t, user.id);
      const cookie = await signIn(t.app, user.email, user.password);
      const api = (m: string, p: string, body?: unknown) => send(t.app, m, `/api/orgs/${org}${p}`, { cookie, body });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++)
        ids.push((await api("POST", "/contacts", { first_name: `P${i}`, phone: `555020000${i}` })).json.contact.id);
      await api("POST", "/contacts", { first_name: "Twin", phone: "5550200000" }); // merges, no new row
      await api("DELETE", `/contacts/${ids[0]}`);
      await api("DELETE", `/contacts/${ids[0]}`); // already in the trash: 404, no double count
      await api("DELETE", `/contacts/${ids[1]}`);
      await api("POST", `/trash/${ids[1]}/restore`);
      await api("DELETE", `/contacts/${ids[2]}`);
      await api("DELETE", `/trash/${ids[2]}`);
      const counts = await api("GET", "/contacts/counts");
      const real = (await api("GET", "/contacts?limit=200")).json.items.length;
      expect(real).toBe(4);
      expect(counts.json).toEqual({ all: 4, favorites: 0, recent: 0, birthdays: 0 });
    } finally {
      await t.close();
    }
  });
});
