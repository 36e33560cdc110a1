import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildBareUser, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { tokenFrom, useSmtpSink } from "../test/smtp-sink.js";

describe.each(engines)("organization members (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  async function setup(env: Record<string, string> = {}) {
    t = await createTestApp(engine, { SMTP_URL: sink.url, ...env });
    const owner = await buildUser(t, { email: "owner@example.com", name: "Olive" });
    const org = await buildOrg(t, owner.id, "Clinic");
    const admin = await buildUser(t, { email: "admin@example.com" });
    await addMember(t, org, admin.id, "admin");
    const cookie = await signIn(t.app, admin.email, admin.password);
    return { owner, org, admin, cookie };
  }
  const audits = () => t.database.db.selectFrom("audit_logs").selectAll().orderBy("created_at").execute();

  it("lists members with the spec's view fields", async () => {
    const { owner, org, cookie } = await setup();
    const bare = await buildBareUser(t, "nameless@example.com");
    await t.database.db.deleteFrom("profiles").where("user_id", "=", bare.id).execute();
    await addMember(t, org, bare.id, "staff");
    const res = await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.nextCursor).toBeNull();
    const byEmail = Object.fromEntries(res.json.items.map((m: any) => [m.email, m]));
    expect(byEmail["owner@example.com"]).toMatchObject({ id: owner.id, name: "Olive", role: "admin", isOwner: true });
    expect(byEmail["nameless@example.com"]).toMatchObject({ name: "nameless", role: "staff", isOwner: false });
    expect(byEmail["admin@example.com"].created_at).toMatch(/^\d{4}-/);
  });

  it("pages the member list by e-mail without skipping or repeating", async () => {
    const { org, cookie } = await setup();
    for (let i = 0; i < 5; i++) await addMember(t, org, (await buildBareUser(t, `m${i}@example.com`)).id, "staff");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await send(
        t.app,
        "GET",
        `/api/orgs/${org}/members?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { cookie },
      );
      seen.push(...res.json.items.map((m: any) => m.email));
      cursor = res.json.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(7);
  });

  it("invites an existing account of another organization: pending, not a member, until the person accepts in the app", async () => {
    const { org, cookie } = await setup();
    const other = await buildUser(t, { email: "elsewhere@example.com" });
    await buildOrg(t, other.id, "Elsewhere");
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: "Elsewhere@Example.com", role: "staff" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ outcome: "invited", emailSent: true, invitation: { email: "elsewhere@example.com", role: "staff" } });
    expect(res.json.temporaryPassword).toBeUndefined();
    const mail = await sink.waitFor("elsewhere@example.com");
    expect(mail.subject).toBe("You have been invited to Clinic on Contactbook");
    expect(mail.text).toContain("http://localhost:3000/invitations");
    expect(mail.text).not.toContain("access_token");

    const members = await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie });
    expect(members.json.items.map((m: any) => m.email)).not.toContain("elsewhere@example.com");
    const invitations = await send(t.app, "GET", `/api/orgs/${org}/invitations`, { cookie });
    expect(invitations.json.items).toEqual([expect.objectContaining({ email: "elsewhere@example.com", role: "staff", canWithdraw: true })]);
    const again = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie,
      body: { email: "elsewhere@example.com", role: "staff" },
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe("An invitation to elsewhere@example.com is already pending");

    const theirs = await signIn(t.app, other.email, other.password);
    const waiting = await send(t.app, "GET", "/api/me/invitations", { cookie: theirs });
    expect(waiting.json.items).toEqual([
      expect.objectContaining({ organization: { id: org, name: "Clinic" }, role: "staff", invited_by: "admin" }),
    ]);
    const accepted = await send(t.app, "POST", `/api/me/invitations/${waiting.json.items[0].id}/accept`, { cookie: theirs });
    expect(accepted.json).toEqual({ organizationId: org });
    const me = await send(t.app, "GET", "/api/me", { cookie: theirs });
    expect(me.json.organizations.map((o: any) => o.name).sort()).toEqual(["Clinic", "Elsewhere"]);
    const member = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie,
      body: { email: "elsewhere@example.com", role: "staff" },
    });
    expect(member.json.error.message).toBe("User elsewhere@example.com is already a member of this organization");
    expect((await audits()).map((a) => a.operation)).toEqual(["MEMBER_INVITED", "INVITATION_ACCEPTED"]);
  });

  it("a declined or withdrawn invitation leaves the person out; an account in no organization is invited too", async () => {
    const { org, cookie } = await setup();
    const orphan = await buildUser(t, { email: "orphan@example.com" });
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: "orphan@example.com", role: "admin" } });
    expect(res.json).toMatchObject({ outcome: "invited", invitation: { role: "admin" } });
    const theirs = await signIn(t.app, orphan.email, orphan.password);
    const [invitation] = (await send(t.app, "GET", "/api/me/invitations", { cookie: theirs })).json.items;
    expect((await send(t.app, "POST", `/api/me/invitations/${invitation.id}/decline`, { cookie: theirs })).status).toBe(204);
    expect((await send(t.app, "POST", `/api/me/invitations/${invitation.id}/accept`, { cookie: theirs })).status).toBe(404);
    expect((await send(t.app, "GET", "/api/orgs", { cookie: theirs })).json.items).toEqual([]);

    const second = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: "orphan@example.com", role: "staff" } });
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/invitations/${second.json.invitation.id}`, { cookie })).status).toBe(204);
    expect((await send(t.app, "GET", "/api/me/invitations", { cookie: theirs })).json.items).toEqual([]);
    // A password holder's account is theirs: withdrawing never deletes it.
    await signIn(t.app, orphan.email, orphan.password);
    expect((await audits()).map((a) => a.operation)).toEqual([
      "MEMBER_INVITED",
      "INVITATION_DECLINED",
      "MEMBER_INVITED",
      "INVITATION_WITHDRAWN",
    ]);
  });

  it("invites a new person: the mailed link sets a password, confirms the address, accepts and signs in", async () => {
    const { org, cookie } = await setup();
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, {
      cookie,
      body: { email: "newbie@example.com", name: "New Bie", role: "staff" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ outcome: "invited", emailSent: true, invitation: { email: "newbie@example.com", role: "staff" } });
    expect(res.json.temporaryPassword).toBeUndefined();
    const mail = await sink.waitFor("newbie@example.com");
    expect(mail.subject).toBe("You have been invited to Clinic on Contactbook");
    expect(mail.text).toContain("http://localhost:3000/join#access_token=");
    expect(mail.text).toContain("&type=invite");
    const done = await send(t.app, "POST", "/api/account/password-reset/complete", {
      body: { token: tokenFrom(mail.text), password: "Welcome#Aboard42" },
    });
    expect(done.status).toBe(200);
    const newbie = await signIn(t.app, "newbie@example.com", "Welcome#Aboard42");
    const me = await send(t.app, "GET", "/api/me", { cookie: newbie });
    expect(me.json.user).toMatchObject({ name: "New Bie", emailVerified: true });
    expect(me.json.organizations).toEqual([expect.objectContaining({ id: org, role: "staff", isOwner: false })]);
    expect((await send(t.app, "GET", `/api/orgs/${org}/invitations`, { cookie })).json.items).toEqual([]);
  });

  it("when the invitation cannot be mailed, it says so and keeps the mail in the outbox; no password is handed out", async () => {
    const { org, cookie } = await setup();
    sink.setRefuse(true);
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email: "nomail@example.com", role: "staff" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ outcome: "invited", emailSent: false });
    expect(res.json.temporaryPassword).toBeUndefined();
    const kept = await t.database.db.selectFrom("mail_outbox").select(["recipient", "status"]).execute();
    expect(kept).toEqual([{ recipient: "nomail@example.com", status: "failed" }]);
  });

  it.each([
    [{ email: "" }, "Email is required"],
    [{ email: "nope" }, "Email is invalid"],
    [{ email: "x@example.com", name: "A" }, "Name must be at least 2 characters"],
    [{ email: "x@example.com", role: "boss" }, undefined],
  ])("validates the new member %o", async (body, message) => {
    const { org, cookie } = await setup();
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body });
    expect(res.status).toBe(400);
    if (message) expect(res.json.error.message).toBe(message);
    expect(await t.database.db.selectFrom("users").select("email").where("email", "=", "x@example.com").execute()).toEqual([]);
  });

  it("refuses each protected action with the spec's message", async () => {
    const { owner, org, admin, cookie } = await setup();
    const otherAdmin = await buildBareUser(t, "admin2@example.com");
    await addMember(t, org, otherAdmin.id, "admin");
    const cases: [string, string, unknown, string][] = [
      ["PATCH", `/members/${admin.id}`, { name: "Me Me" }, "Cannot modify your own account"],
      ["PATCH", `/members/${admin.id}`, { role: "staff" }, "Cannot modify your own role"],
      ["PATCH", `/members/${owner.id}`, { role: "staff" }, "Cannot change organization owner role"],
      ["DELETE", `/members/${admin.id}`, undefined, "Cannot remove yourself from the organization"],
      ["DELETE", `/members/${owner.id}`, undefined, "Cannot remove organization owner"],
      ["DELETE", `/members/${otherAdmin.id}`, undefined, "Cannot remove admin users from the organization"],
      ["DELETE", `/members/${admin.id}/account`, undefined, "Cannot delete your own account"],
      ["DELETE", `/members/${owner.id}/account`, undefined, "Cannot delete organization owner"],
      ["DELETE", `/members/${otherAdmin.id}/account`, undefined, "Cannot delete admin users"],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await send(t.app, method, `/api/orgs/${org}${path}`, { cookie, body });
      expect({ path, method, status: res.status, message: res.json.error.message }).toEqual({ path, method, status: 403, message });
    }
    const roles = await t.database.db.selectFrom("memberships").select(["user_id", "role"]).where("organization_id", "=", org).execute();
    expect(roles).toHaveLength(3);
    expect(await audits()).toEqual([]);
  });

  it("changes a role both ways, takes effect on the next request, and audits it; demoting an admin is the owner's", async () => {
    const { owner, org, admin, cookie } = await setup();
    const staff = await buildUser(t, { email: "staff@example.com" });
    await addMember(t, org, staff.id, "staff");
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    const ownerCookie = await signIn(t.app, owner.email, owner.password);
    expect((await send(t.app, "GET", `/api/orgs/${org}/users/search?q=x`, { cookie: staffCookie })).status).toBe(403);

    const up = await send(t.app, "PATCH", `/api/orgs/${org}/members/${staff.id}`, { cookie, body: { role: "admin" } });
    expect(up.json).toMatchObject({ id: staff.id, role: "admin" });
    expect((await send(t.app, "GET", `/api/orgs/${org}/users/search?q=x`, { cookie: staffCookie })).status).toBe(200);
    const refused = await send(t.app, "PATCH", `/api/orgs/${org}/members/${staff.id}`, { cookie, body: { role: "staff" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Only the organization owner can demote an admin");
    const down = await send(t.app, "PATCH", `/api/orgs/${org}/members/${staff.id}`, { cookie: ownerCookie, body: { role: "staff" } });
    expect(down.json.role).toBe("staff");

    const rows = await audits();
    expect(rows.map((r) => [r.operation, r.user_id, r.record_id, r.organization_id])).toEqual([
      ["ROLE_CHANGED", admin.id, staff.id, org],
      ["ROLE_CHANGED", owner.id, staff.id, org],
    ]);
    expect(JSON.parse(rows[0]!.new_data!)).toEqual({ role: "admin" });
  });

  it("removal ends the member's access to the organization at once, and is audited", async () => {
    const { org, cookie } = await setup();
    const staff = await buildUser(t);
    await addMember(t, org, staff.id, "staff");
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    expect((await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie: staffCookie })).status).toBe(200);
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${staff.id}`, { cookie })).status).toBe(204);
    expect((await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie: staffCookie })).status).toBe(404);
    expect((await audits()).map((a) => a.operation)).toEqual(["MEMBER_REMOVED"]);
  });

  it("deleting an account ends all its sessions and is audited; members of other organizations are protected", async () => {
    const { org, cookie } = await setup();
    const staff = await buildUser(t);
    await addMember(t, org, staff.id, "staff");
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/members/${staff.id}/account`, { cookie })).status).toBe(204);
    expect((await send(t.app, "GET", "/api/me", { cookie: staffCookie })).status).toBe(401);
    expect(
      (await send(t.app, "POST", "/api/auth/sign-in/password", { body: { email: staff.email, password: staff.password } })).status,
    ).toBe(401);
    expect((await audits()).map((a) => a.operation)).toEqual(["ACCOUNT_DELETED"]);

    const shared = await buildBareUser(t);
    await addMember(t, org, shared.id, "staff");
    await buildOrg(t, (await buildBareUser(t)).id, "Other");
    const otherOrg = (await t.database.db.selectFrom("organizations").select("id").where("name", "=", "Other").executeTakeFirstOrThrow())
      .id;
    await addMember(t, otherOrg, shared.id, "staff");
    const refused = await send(t.app, "DELETE", `/api/orgs/${org}/members/${shared.id}/account`, { cookie });
    expect(refused.status).toBe(403);
  });

  it("an admin password reset shows a temporary password once, ends the user's sessions, and is audited", async () => {
    const { org, cookie } = await setup();
    const staff = await buildUser(t);
    await addMember(t, org, staff.id, "staff");
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    const res = await send(t.app, "POST", `/api/orgs/${org}/members/${staff.id}/reset-password`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.temporaryPassword).toMatch(/^.{14}$/);
    expect((await send(t.app, "GET", "/api/me", { cookie: staffCookie })).status).toBe(401);
    const temporary = await signIn(t.app, staff.email, res.json.temporaryPassword);
    expect((await audits()).map((a) => a.operation)).toEqual(["PASSWORD_RESET_BY_ADMIN"]);

    // Signed in with the temporary password: nothing but choosing a new one until it is replaced.
    const me = await send(t.app, "GET", "/api/me", { cookie: temporary });
    expect(me.json.user.mustChangePassword).toBe(true);
    const blocked = await send(t.app, "GET", `/api/orgs/${org}/contacts`, { cookie: temporary });
    expect(blocked.status).toBe(403);
    expect(blocked.json.error.code).toBe("PASSWORD_CHANGE_REQUIRED");
    expect((await send(t.app, "GET", "/api/me/invitations", { cookie: temporary })).status).toBe(403);
    const changed = await send(t.app, "POST", "/api/me/password", {
      cookie: temporary,
      body: { currentPassword: res.json.temporaryPassword, newPassword: "Chosen-Password-9" },
    });
    expect(changed.status).toBe(200);
    const fresh = await signIn(t.app, staff.email, "Chosen-Password-9");
    expect((await send(t.app, "GET", "/api/me", { cookie: fresh })).json.user.mustChangePassword).toBe(false);
    expect((await send(t.app, "GET", `/api/orgs/${org}/contacts`, { cookie: fresh })).status).toBe(200);
  });

  it("searches only colleagues from the admin's other organizations, at most 20, never everyone", async () => {
    const { org, admin, cookie } = await setup();
    const home = await buildOrg(t, admin.id, "Admin's home");
    for (let i = 0; i < 25; i++)
      await addMember(t, home, (await buildBareUser(t, `person${String(i).padStart(2, "0")}@example.com`)).id, "staff");
    await buildBareUser(t, "person-stranger@example.com");
    const res = await send(t.app, "GET", `/api/orgs/${org}/users/search?q=PERSON`, { cookie });
    expect(res.status).toBe(200);
    expect(res.json.users).toHaveLength(20);
    expect(res.json.users[0]).toMatchObject({ email: "person00@example.com", name: "person00" });
    expect(res.json.users[0]).toHaveProperty("user_id");
    expect((await send(t.app, "GET", `/api/orgs/${org}/users/search?q=stranger`, { cookie })).json.users).toEqual([]);
    const members = await send(t.app, "GET", `/api/orgs/${org}/users/search?q=owner`, { cookie });
    expect(members.json.users).toEqual([]);
    const wildcard = await send(t.app, "GET", `/api/orgs/${org}/users/search?q=%25`, { cookie });
    expect(wildcard.json.users).toEqual([]);
    const empty = await send(t.app, "GET", `/api/orgs/${org}/users/search?q=%20`, { cookie });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Please enter a search term");
  });
});

describe.each(engines)("organizations (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("creates an organization owned by its creator and deletes it with an audit row, never the last one", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const home = await buildOrg(t, user.id, "Home");
    const cookie = await signIn(t.app, user.email, user.password);
    const created = await send(t.app, "POST", "/api/orgs", { cookie, body: { name: "  <Second>  Org " } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Second Org", role: "admin", isOwner: true });
    const list = await send(t.app, "GET", "/api/orgs", { cookie });
    expect(list.json.items.map((o: any) => o.name).sort()).toEqual(["Home", "Second Org"]);

    expect((await send(t.app, "DELETE", `/api/orgs/${created.json.id}`, { cookie })).status).toBe(204);
    const last = await send(t.app, "DELETE", `/api/orgs/${home}`, { cookie });
    expect(last.status).toBe(403);
    const rows = await t.database.db.selectFrom("audit_logs").select(["operation", "record_id"]).execute();
    expect(rows).toEqual([{ operation: "ORGANIZATION_DELETED", record_id: created.json.id }]);
  });

  it("refuses an empty organization name", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "POST", "/api/orgs", { cookie, body: { name: "   " } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Organization name cannot be empty");
  });
});
