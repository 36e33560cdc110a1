import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("duplicates, merge choices and undo (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await buildUser(t);
    const s = await buildUser(t);
    org = await buildOrg(t, a.id, "Clinic");
    await addMember(t, org, s.id, "staff");
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown, cookie = admin) =>
    send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
  const count = async () => (await api("GET", "/contacts/counts")).json.all as number;

  it("'ask' changes nothing and names the contact that holds the number", async () => {
    const held = (await api("POST", "/contacts", { first_name: "Holly", last_name: "Home", phone: "(615) 200-0001" })).json.contact;
    const before = await count();
    const res = await api("POST", "/contacts", { first_name: "Hank", phone: "+1 615 200 0001", on_duplicate: "ask" }, staff);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "DUPLICATE_PHONE",
      message: "This phone number already belongs to Holly Home.",
      match: { id: held.id, name: "Holly Home", phone: "(615) 200-0001" },
    });
    expect(await count()).toBe(before);
    expect((await api("GET", `/contacts/${held.id}`)).json).toMatchObject({ first_name: "Holly", version: 1 });
  });

  it("'new' adds the second person on a shared landline, and the pair shows under View Duplicates", async () => {
    const first = (await api("POST", "/contacts", { first_name: "Fran", last_name: "Land", phone: "(615) 200-0002" })).json.contact;
    const res = await api("POST", "/contacts", { first_name: "Sam", last_name: "Land", phone: "615.200.0002", on_duplicate: "new" }, staff);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ merged: false, contact: { first_name: "Sam", phone: "615.200.0002" } });
    expect(res.json.contact.id).not.toBe(first.id);
    const groups = (await api("GET", "/contacts/duplicates")).json.items;
    const group = groups.find((g: any) => g.contact_ids.includes(first.id));
    expect(group).toMatchObject({ contact_count: 2, contact_names: ["Fran Land", "Sam Land"] });
  });

  it("'merge' fills the empty fields, adds the typed e-mail and address beside the contact's own, and says which typed values were not taken", async () => {
    const first = (await api("POST", "/contacts", { first_name: "Max", phone: "(615) 200-0003", city: "Nashville" })).json.contact;
    const res = await api("POST", "/contacts", {
      first_name: "Maxwell",
      last_name: "Stone",
      city: "Memphis",
      email: "max@example.com",
      phone: "6152000003",
      on_duplicate: "merge",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ merged: true, contact: { id: first.id, first_name: "Max", last_name: "Stone", city: "Nashville" } });
    expect(res.json.changes.sort()).toEqual(["addresses", "emails", "last_name"]);
    expect(res.json.not_applied).toEqual(["first_name"]);
    // Nothing typed is lost: the other city is a second address, after the contact's own.
    const detail = (await api("GET", `/contacts/${first.id}`)).json;
    expect(detail.addresses.map((a: { city: string }) => a.city)).toEqual(["Nashville", "Memphis"]);
    expect(detail.emails).toEqual([{ value: "max@example.com", type: "home", label: null }]);
  });

  it("refuses an unknown duplicate choice", async () => {
    const res = await api("POST", "/contacts", { first_name: "Odd", phone: "(615) 200-0009", on_duplicate: "overwrite" });
    expect(res.status).toBe(400);
  });

  it("lets staff undo their own delete, but not someone else's", async () => {
    const mine = (await api("POST", "/contacts", { first_name: "Undo", last_name: "Mine", phone: "(615) 200-0004" }, staff)).json.contact;
    const before = await count();
    expect((await api("DELETE", `/contacts/${mine.id}`, undefined, staff)).status).toBe(204);
    expect(await count()).toBe(before - 1);
    const undone = await api("POST", `/contacts/${mine.id}/restore`, undefined, staff);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ id: mine.id, first_name: "Undo", deleted_at: null });
    expect(await count()).toBe(before);
    expect((await api("GET", `/contacts?q=${encodeURIComponent("undo mine")}`, undefined, staff)).json.items).toHaveLength(1);

    // Restoring what is not in the trash is a 404, whoever asks.
    expect((await api("POST", `/contacts/${mine.id}/restore`)).status).toBe(404);

    const theirs = (await api("POST", "/contacts", { first_name: "Undo", last_name: "Theirs", phone: "(615) 200-0005" })).json.contact;
    expect((await api("DELETE", `/contacts/${theirs.id}`)).status).toBe(204);
    expect((await api("POST", `/contacts/${theirs.id}/restore`, undefined, staff)).status).toBe(403);
    expect((await api("POST", `/contacts/${theirs.id}/restore`)).status).toBe(200);
  });

  it("undoes the removal of a group member by adding the contact back", async () => {
    const contact = (await api("POST", "/contacts", { first_name: "Member", phone: "(615) 200-0006" })).json.contact;
    const group = (await api("POST", "/groups", { name: "Choir" })).json;
    const groupId = group.id ?? group.group?.id;
    expect((await api("POST", `/groups/${groupId}/members`, { contact_ids: [contact.id] })).status).toBeLessThan(300);
    expect((await api("DELETE", `/groups/${groupId}/members/${contact.id}`)).status).toBe(204);
    expect((await api("GET", `/groups/${groupId}/members`)).json.items).toHaveLength(0);
    expect((await api("POST", `/groups/${groupId}/members`, { contact_ids: [contact.id] })).status).toBeLessThan(300);
    const members = (await api("GET", `/groups/${groupId}/members`)).json.items;
    expect(members.map((m: any) => m.contact_id ?? m.id)).toEqual([contact.id]);
    // The contact's detail view lists the groups it is in.
    expect((await api("GET", `/contacts/${contact.id}/groups`, undefined, staff)).json.items).toEqual([{ id: groupId, name: "Choir" }]);
    expect((await api("GET", `/contacts/no-such-contact/groups`)).status).toBe(404);
  });
});
