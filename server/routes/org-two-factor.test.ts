import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppPassword, dav, propfindBody } from "../test/dav-client.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { readSse } from "../test/sse.js";
import { enrolTwoFactor } from "../test/two-factor.js";

describe.each(engines)("organizations that require two-factor: PATCH /api/orgs/:orgId { requireTwoFactor } (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let owner: string;
  let admin: string;
  let staff: string;
  let staffUser: { id: string; email: string; password: string };
  let staffDav: { email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const o = await buildUser(t);
    const a = await buildUser(t);
    staffUser = await buildUser(t);
    org = await buildOrg(t, o.id, "Harbor Clinic");
    otherOrg = await buildOrg(t, a.id, "Side Project");
    await addMember(t, org, a.id, "admin");
    await addMember(t, org, staffUser.id, "staff");
    await addMember(t, otherOrg, staffUser.id, "staff");
    owner = (await enrolTwoFactor(t.app, await signIn(t.app, o.email, o.password), o.password)).cookie;
    admin = await signIn(t.app, a.email, a.password);
    staff = await signIn(t.app, staffUser.email, staffUser.password);
    staffDav = await createAppPassword(t.app, staffUser.email, staffUser.password, "Staff's phone");
    expect((await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: owner, body: { staffCardDav: true } })).status).toBe(200);
    expect((await send(t.app, "PATCH", `/api/orgs/${otherOrg}`, { cookie: admin, body: { staffCardDav: true } })).status).toBe(200);
  });
  afterAll(() => t?.close());

  const patch = (cookie: string, body: unknown) => send(t.app, "PATCH", `/api/orgs/${org}`, { cookie, body });
  const listed = async (cookie: string) =>
    (await send(t.app, "GET", "/api/orgs", { cookie })).json.items.find((o: { id: string }) => o.id === org);
  const contacts = (cookie: string, orgId = org) => send(t.app, "GET", `/api/orgs/${orgId}/contacts`, { cookie });
  const book = (orgId = org) => `/dav/addressbooks/${staffUser.id}/${orgId}/`;
  const propfindBook = (orgId = org) =>
    dav(t.app, "PROPFIND", book(orgId), { auth: staffDav, depth: "0", body: propfindBody([["A", "displayname"]]) });

  it("is off for a new organization; staff may not turn it on", async () => {
    expect(await listed(staff)).toMatchObject({ requireTwoFactor: false });
    const res = await patch(staff, { requireTwoFactor: true });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("FORBIDDEN");
    expect(await listed(owner)).toMatchObject({ requireTwoFactor: false });
  });

  it("is refused to an admin without two-factor, so nobody shuts themselves out", async () => {
    const res = await patch(admin, { requireTwoFactor: true });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: "TWO_FACTOR_REQUIRED_FOR_YOU_FIRST",
      message: "Turn on two-factor authentication for your own account in Settings > Security before requiring it for everyone.",
    });
    expect(await listed(owner)).toMatchObject({ requireTwoFactor: false });
  });

  it("is turned on by the owner who has two-factor, audited with the value before and after; a live stream it stops ends", async () => {
    const opened = await t.app.request(`/api/orgs/${org}/events`, { headers: { origin: APP_URL, cookie: staff } });
    expect(opened.status).toBe(200);
    const live = readSse(opened);
    await live.next((f) => f.event === "ready");
    const res = await patch(owner, { requireTwoFactor: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: org, name: "Harbor Clinic", staffCardDav: true, requirePhone: true, requireTwoFactor: true });
    const rows = (await send(t.app, "GET", `/api/orgs/${org}/audit?action=ORGANIZATION_SETTINGS_CHANGED`, { cookie: owner })).json.items;
    expect(rows[0]).toMatchObject({ oldData: { requireTwoFactor: false }, newData: { requireTwoFactor: true } });
    expect(JSON.parse((await live.next((f) => f.event === "closed")).data)).toEqual({ reason: "two-factor-required" });
    await live.closed();
    // Still readable by those it now stops: the app tells them why.
    expect(await listed(staff)).toMatchObject({ name: "Harbor Clinic", requireTwoFactor: true });
  });

  it("answers a member without two-factor 403 TWO_FACTOR_REQUIRED on that organization's routes only", async () => {
    const res = await contacts(staff);
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({
      code: "TWO_FACTOR_REQUIRED",
      message: "This organization requires two-factor authentication. Turn it on in Settings > Security to continue.",
      organizationId: org,
    });
    expect((await send(t.app, "GET", `/api/orgs/${org}/events`, { cookie: staff })).status).toBe(403);
    expect((await contacts(admin)).json.error.code).toBe("TWO_FACTOR_REQUIRED");
    expect((await contacts(staff, otherOrg)).status).toBe(200);
    expect((await send(t.app, "GET", "/api/me", { cookie: staff })).status).toBe(200);
    expect((await contacts(owner)).status).toBe(200);
  });

  it("refuses that organization's CardDAV book and leaves it out of the book list", async () => {
    const refused = await propfindBook();
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("requires two-factor authentication");
    expect((await propfindBook(otherOrg)).status).toBe(207);
    const home = await dav(t.app, "PROPFIND", `/dav/addressbooks/${staffUser.id}/`, { auth: staffDav, depth: "1" });
    expect(home.text).not.toContain(`/${org}/`);
    expect(home.text).toContain(`/${otherOrg}/`);
  });

  it("shows in User Management who has two-factor", async () => {
    const res = await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie: owner });
    expect(res.status).toBe(200);
    const flags = Object.fromEntries(res.json.items.map((m: { id: string; twoFactor: boolean }) => [m.id, m.twoFactor]));
    expect(flags[staffUser.id]).toBe(false);
    expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
  });

  it("lets the member in once they turn two-factor on", async () => {
    const { cookie } = await enrolTwoFactor(t.app, staff, staffUser.password);
    expect((await contacts(cookie)).status).toBe(200);
    expect((await propfindBook()).status).toBe(207);
    const res = await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie: owner });
    expect(res.json.items.find((m: { id: string }) => m.id === staffUser.id).twoFactor).toBe(true);
  });
});
