import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { promoteDeviceLines } from "./data-upgrades.js";

// A phone's card stored before rich contacts kept its third number, second e-mail and birthday as lines
// without a field; after the upgrade they are fields, searchable and matched, and the rest stays.
describe.each(engines)("reading stored device lines into fields (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const admin = await buildUser(t);
    org = await buildOrg(t, admin.id, "Clinic");
    cookie = await signIn(t.app, admin.email, admin.password);
  });
  afterAll(() => t?.close());

  const api = (method: string, path: string, body?: unknown) => send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });

  it("turns the lines that have a field into fields, keeps the others, and leaves a contact with a value its field refuses", async () => {
    const made = (await api("POST", "/contacts", { first_name: "Ada", phone: "(615) 555-0101", email: "ada@example.com" })).json.contact;
    const odd = (await api("POST", "/contacts", { first_name: "Odd", phone: "(615) 555-0109" })).json.contact;
    const oldLines = "TEL;TYPE=HOME:+1 615 555 0102\nEMAIL;TYPE=WORK:ada@work.example\nBDAY:1985-04-12\nX-SOCIALPROFILE:ada-l";
    await t.database.db.updateTable("contacts").set({ vcard_extra: oldLines }).where("id", "=", made.id).execute();
    await t.database.db.updateTable("contacts").set({ vcard_extra: "EMAIL:not-an-address" }).where("id", "=", odd.id).execute();

    expect(await promoteDeviceLines(t.deps)).toBe(1);

    const ada = (await api("GET", `/contacts/${made.id}`)).json;
    expect(ada.phones.map((p: { value: string }) => p.value)).toEqual(["(615) 555-0101", "+1 615 555 0102"]);
    expect(ada.emails.map((e: { value: string }) => e.value)).toEqual(["ada@example.com", "ada@work.example"]);
    expect(ada).toMatchObject({ first_name: "Ada", birthday: "1985-04-12", version: 2 });
    expect(ada.extras).toEqual([{ name: "X-SOCIALPROFILE", params: {}, value: "ada-l" }]);
    expect((await api("GET", "/contacts?q=6155550102")).json.items.map((c: { id: string }) => c.id)).toEqual([made.id]);
    expect((await api("GET", `/contacts/${odd.id}`)).json).toMatchObject({
      version: 1,
      emails: [],
      extras: [{ name: "EMAIL", value: "not-an-address" }],
    });

    // Once: a second start does nothing.
    await t.database.db.updateTable("contacts").set({ vcard_extra: "NICKNAME:Later" }).where("id", "=", odd.id).execute();
    expect(await promoteDeviceLines(t.deps)).toBe(0);
  });
});
