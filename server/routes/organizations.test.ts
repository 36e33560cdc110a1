import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("organization settings: PATCH /api/orgs/:orgId { staffCardDav } (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let owner: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const o = await buildUser(t);
    const a = await buildUser(t);
    const s = await buildUser(t);
    org = await buildOrg(t, o.id, "Harbor Clinic");
    await addMember(t, org, a.id, "admin");
    await addMember(t, org, s.id, "staff");
    owner = await signIn(t.app, o.email, o.password);
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, s.email, s.password);
  });
  afterAll(() => t?.close());

  const patch = (cookie: string, body: unknown) => send(t.app, "PATCH", `/api/orgs/${org}`, { cookie, body });
  const listed = async (cookie: string) =>
    (await send(t.app, "GET", "/api/orgs", { cookie })).json.items.find((o: { id: string }) => o.id === org);
  const audit = async () =>
    (await send(t.app, "GET", `/api/orgs/${org}/audit?action=ORGANIZATION_SETTINGS_CHANGED`, { cookie: owner })).json.items;

  it("is off for a new organization, and every member's list of organizations says so", async () => {
    expect(await listed(staff)).toMatchObject({ name: "Harbor Clinic", role: "staff", staffCardDav: false });
    expect((await send(t.app, "GET", "/api/me", { cookie: owner })).json.organizations[0]).toMatchObject({ staffCardDav: false });
    const created = await send(t.app, "POST", "/api/orgs", { cookie: staff, body: { name: "Own Desk" } });
    expect(created.json).toMatchObject({ name: "Own Desk", staffCardDav: false });
  });

  it("is turned on by the owner and off by an admin, each change audited with the value before and after", async () => {
    const on = await patch(owner, { staffCardDav: true });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ id: org, name: "Harbor Clinic", staffCardDav: true, requirePhone: true, requireTwoFactor: false });
    expect(await listed(staff)).toMatchObject({ staffCardDav: true });
    const off = await patch(admin, { staffCardDav: false });
    expect(off.json).toMatchObject({ staffCardDav: false });
    expect(await listed(staff)).toMatchObject({ staffCardDav: false });
    const rows = await audit();
    expect(rows.map((r: { oldData: unknown; newData: unknown }) => [r.oldData, r.newData])).toEqual(
      expect.arrayContaining([
        [{ staffCardDav: false }, { staffCardDav: true }],
        [{ staffCardDav: true }, { staffCardDav: false }],
      ]),
    );
    expect(rows).toHaveLength(2);
    // Setting what is already set changes nothing and records nothing.
    expect((await patch(admin, { staffCardDav: false })).status).toBe(200);
    expect(await audit()).toHaveLength(2);
  });

  it("refuses staff with 403 and bad input with 400, changing nothing", async () => {
    const refused = await patch(staff, { staffCardDav: true });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only the owner and admins can change the organization's settings");
    for (const [body, message] of [
      [{ staffCardDav: "yes" }, "staffCardDav must be true or false"],
      [{ staffCardDav: null }, "staffCardDav must be true or false"],
      [{ requirePhone: "no" }, "requirePhone must be true or false"],
      [{ requirePhone: null }, "requirePhone must be true or false"],
      [{}, "Nothing to change"],
    ] as const) {
      const res = await patch(owner, body);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe(message);
    }
    expect(await listed(owner)).toMatchObject({ name: "Harbor Clinic", staffCardDav: false });
    expect(await audit()).toHaveLength(2);
  });

  it("takes a name and the setting in one request, each audited", async () => {
    const res = await patch(owner, { name: "Harbor Clinic East", staffCardDav: true });
    expect(res.json).toEqual({ id: org, name: "Harbor Clinic East", staffCardDav: true, requirePhone: true, requireTwoFactor: false });
    const renamed = await send(t.app, "GET", `/api/orgs/${org}/audit?action=ORGANIZATION_RENAMED`, { cookie: owner });
    expect(renamed.json.items[0]).toMatchObject({ oldData: { name: "Harbor Clinic" }, newData: { name: "Harbor Clinic East" } });
    expect(await audit()).toHaveLength(3);
  });
});
