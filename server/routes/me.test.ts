import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("GET /api/me (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers 401 with a JSON error when signed out", async () => {
    t = await createTestApp(engine);
    const res = await send(t.app, "GET", "/api/me");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: "UNAUTHORIZED", message: "You must be signed in." } });
  });

  it("gives the user, profile name and every organization with role and ownership", async () => {
    t = await createTestApp(engine);
    const owner = await buildUser(t, { name: "Olive Owner" });
    const member = await buildUser(t, { email: "sam@example.com", name: "Sam" });
    const own = await buildOrg(t, member.id, "Sam's Shop");
    const other = await buildOrg(t, owner.id, "Clinic");
    await addMember(t, other, member.id, "staff");
    const stranger = await buildUser(t);
    await buildOrg(t, stranger.id, "Not Mine");

    const cookie = await signIn(t.app, member.email, member.password);
    const res = await send(t.app, "GET", "/api/me", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: member.id, email: "sam@example.com", name: "Sam", emailVerified: true });
    expect(res.json.user.lastSignInAt).toMatch(/^\d{4}-/);
    const orgs = res.json.organizations.map((o: any) => ({ id: o.id, name: o.name, role: o.role, isOwner: o.isOwner }));
    expect(orgs).toEqual(
      expect.arrayContaining([
        { id: own, name: "Sam's Shop", role: "admin", isOwner: true },
        { id: other, name: "Clinic", role: "staff", isOwner: false },
      ]),
    );
    expect(orgs).toHaveLength(2);
    expect(res.json.organizations[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("reflects a role change on the very next request", async () => {
    t = await createTestApp(engine);
    const owner = await buildUser(t);
    const org = await buildOrg(t, owner.id);
    const member = await buildUser(t);
    await addMember(t, org, member.id, "staff");
    const cookie = await signIn(t.app, member.email, member.password);
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.organizations[0].role).toBe("staff");
    await t.database.db.updateTable("memberships").set({ role: "admin" }).where("user_id", "=", member.id).execute();
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.organizations[0].role).toBe("admin");
  });

  it("gives a person left with no organization one named 'My Organization', once, even when asked twice at once", async () => {
    t = await createTestApp(engine);
    const lonely = await buildUser(t, { email: "lonely@example.com" });
    const cookie = await signIn(t.app, lonely.email, lonely.password);
    expect((await send(t.app, "GET", "/api/orgs", { cookie })).json.items).toEqual([]);
    const answers = await Promise.all([send(t.app, "GET", "/api/me", { cookie }), send(t.app, "GET", "/api/me", { cookie })]);
    expect(answers.map((a) => a.json.defaultOrganizationCreated).sort()).toEqual([false, true]);
    for (const answer of answers) {
      expect(answer.json.organizations).toEqual([expect.objectContaining({ name: "My Organization", role: "admin", isOwner: true })]);
    }
    const again = await send(t.app, "GET", "/api/me", { cookie });
    expect(again.json.defaultOrganizationCreated).toBe(false);
    expect(await t.repos.organizations.countOfUser(lonely.id)).toBe(1);
  });
});
