import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { orgWithRoles } from "../test/org-roles.js";
import { send } from "../test/requests.js";

describe.each(engines)("groups API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let otherOrg: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ org, otherOrg, admin, staff, outsider } = await orgWithRoles(t));
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = staff, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const contact = async (first: string, cookie = staff, orgId = org) =>
    (await api("POST", "/contacts", { first_name: first, phone: `5551${String(100000 + ++n)}` }, cookie, orgId)).json.contact.id as string;
  const group = async (name: string) => (await api("POST", "/groups", { name })).json.id as string;

  it("creates, lists by name, edits and deletes groups, sanitising text (any role)", async () => {
    const res = await api("POST", "/groups", { name: " <i>Choir</i> ", description: "Sunday singers" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "iChoir/i", description: "Sunday singers", organization_id: org });
    await api("POST", "/groups", { name: "alpha team" });
    const list = await api("GET", "/groups");
    expect(list.json.items.map((g: any) => g.name)).toEqual(expect.arrayContaining(["alpha team", "iChoir/i"]));
    const names = list.json.items.map((g: any) => g.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const edited = await api("PATCH", `/groups/${res.json.id}`, { name: "Choir", description: null });
    expect(edited.json).toMatchObject({ name: "Choir", description: null });
    expect((await api("DELETE", `/groups/${res.json.id}`)).status).toBe(204);
    expect((await api("PATCH", `/groups/${res.json.id}`, { name: "Gone" })).status).toBe(404);
  });

  it.each([[{}], [{ name: "   " }], [{ name: "<>" }]])("refuses %o with 'Group name is required'", async (body) => {
    const res = await api("POST", "/groups", body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Group name is required");
  });

  it("adds members in one go, lists them with the member view, and removes one", async () => {
    const g = await group("Volunteers");
    const [a, b, c] = [await contact("Amy"), await contact("Ben"), await contact("Cy")];
    const added = await api("POST", `/groups/${g}/members`, { contact_ids: [a, b, c, a] });
    expect(added.status).toBe(201);
    expect(added.json.added).toBe(3);
    const members = await api("GET", `/groups/${g}/members`);
    expect(members.json.items).toHaveLength(3);
    expect(members.json.items.find((m: any) => m.contact_id === a)).toMatchObject({
      id: a,
      contact_name: "Amy",
      organization_id: org,
      contact_phone: expect.any(String),
    });
    const candidates = await api("GET", `/groups/${g}/candidates?limit=200`);
    expect(candidates.json.items.map((x: any) => x.id)).not.toContain(a);
    expect((await api("DELETE", `/groups/${g}/members/${b}`)).status).toBe(204);
    expect((await api("GET", `/groups/${g}/members`)).json.items.map((m: any) => m.contact_id).sort()).toEqual([a, c].sort());
    expect((await api("DELETE", `/groups/${g}/members/${b}`)).status).toBe(404);
  });

  it("refuses contact ids of another organization and adds none of the batch", async () => {
    const g = await group("Mixed");
    const mine = await contact("Mine");
    const theirs = await contact("Theirs", outsider, otherOrg);
    const res = await api("POST", `/groups/${g}/members`, { contact_ids: [mine, theirs] });
    expect(res.status).toBe(400);
    expect((await api("GET", `/groups/${g}/members`)).json.items).toEqual([]);
    expect((await api("POST", `/groups/${g}/members`, { contact_ids: [] })).json.error.message).toBe("Select at least one contact");
  });

  it("hides a trashed contact from member lists until it is restored; deleting a group keeps its contacts", async () => {
    const g = await group("Trash test");
    const x = await contact("Xena");
    await api("POST", `/groups/${g}/members`, { contact_ids: [x] });
    await api("DELETE", `/contacts/${x}`);
    expect((await api("GET", `/groups/${g}/members`)).json.items).toEqual([]);
    await api("POST", `/trash/${x}/restore`, undefined, admin);
    expect((await api("GET", `/groups/${g}/members`)).json.items.map((m: any) => m.contact_id)).toEqual([x]);
    await api("DELETE", `/groups/${g}`);
    expect((await api("GET", `/contacts/${x}`)).status).toBe(200);
  });

  it("searches and pages the candidates", async () => {
    const g = await group("Search");
    const z = await contact("Zebulon");
    const found = await api("GET", `/groups/${g}/candidates?q=zebul`);
    expect(found.json.items.map((x: any) => x.id)).toEqual([z]);
    const first = await api("GET", `/groups/${g}/candidates?limit=2`);
    expect(first.json.items).toHaveLength(2);
    const second = await api("GET", `/groups/${g}/candidates?limit=2&cursor=${first.json.nextCursor}`);
    expect(second.json.items[0].id).not.toBe(first.json.items[1].id);
  });

  it("answers 404 to another organization for every group route and changes nothing", async () => {
    const g = await group("Private group");
    const c = await contact("Kept");
    await api("POST", `/groups/${g}/members`, { contact_ids: [c] });
    for (const [m, p, body] of [
      ["GET", "/groups"],
      ["POST", "/groups", { name: "X" }],
      ["PATCH", `/groups/${g}`, { name: "Hacked" }],
      ["DELETE", `/groups/${g}`],
      ["GET", `/groups/${g}/members`],
      ["GET", `/groups/${g}/candidates`],
      ["POST", `/groups/${g}/members`, { contact_ids: [c] }],
      ["DELETE", `/groups/${g}/members/${c}`],
    ] as [string, string, unknown?][]) {
      expect({ m, p, status: (await api(m, p, body, outsider)).status }).toEqual({ m, p, status: 404 });
    }
    // Their own organization's URL with our group id: still not found.
    expect((await api("GET", `/groups/${g}/members`, undefined, outsider, otherOrg)).status).toBe(404);
    expect((await api("GET", `/groups/${g}/members`)).json.items).toHaveLength(1);
    expect((await api("GET", "/groups")).json.items.map((x: any) => x.name)).toContain("Private group");
  });
});
