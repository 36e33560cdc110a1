import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { tokenFrom, useSmtpSink } from "../test/smtp-sink.js";

describe.each(engines)("the invitation page's link (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  async function invite(email: string) {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const owner = await buildUser(t, { email: "olive@example.com", name: "Olive Owner" });
    const org = await buildOrg(t, owner.id, "Riverside Clinic");
    const cookie = await signIn(t.app, owner.email, owner.password);
    const res = await send(t.app, "POST", `/api/orgs/${org}/members`, { cookie, body: { email, name: "Robin Reed", role: "staff" } });
    expect(res.status).toBe(201);
    const mail = await sink.waitFor(email);
    expect(mail.text).toContain("http://localhost:3000/join#access_token=");
    return { org, token: tokenFrom(mail.text), cookie };
  }

  it("tells the link's holder who invited them to what, as what, and the name they were given", async () => {
    const { org, token } = await invite("robin@example.com");
    const res = await send(t.app, "POST", "/api/account/invitation/verify", { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      organization: { id: org, name: "Riverside Clinic" },
      role: "staff",
      invitedBy: "Olive Owner",
      email: "robin@example.com",
      name: "Robin Reed",
    });
  });

  it("answers every other token with the same clear refusal", async () => {
    await invite("robin@example.com");
    for (const token of ["not-a-token", "x".repeat(40)]) {
      const res = await send(t.app, "POST", "/api/account/invitation/verify", { body: { token } });
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({
        code: "INVALID_TOKEN",
        message: "This invitation link has expired or been used already. Ask whoever invited you to send a new one.",
      });
    }
    expect((await send(t.app, "POST", "/api/account/invitation/verify", { body: {} })).status).toBe(400);
  });

  it("joins with the person's name and password: a member, signed in next, and the link is spent", async () => {
    const { org, token } = await invite("robin@example.com");
    const weak = await send(t.app, "POST", "/api/account/invitation/join", { body: { token, name: "Robin", password: "weakpass" } });
    expect(weak.status).toBe(400);
    // The weak attempt changed nothing: the link still works.
    expect((await send(t.app, "POST", "/api/account/invitation/verify", { body: { token } })).status).toBe(200);

    const res = await send(t.app, "POST", "/api/account/invitation/join", {
      body: { token, name: "Robin A. Reed", password: "Riverside#Desk42x" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ email: "robin@example.com", organization: { id: org, name: "Riverside Clinic" } });
    const cookie = await signIn(t.app, "robin@example.com", "Riverside#Desk42x");
    const me = await send(t.app, "GET", "/api/me", { cookie });
    expect(me.json.user).toMatchObject({ name: "Robin A. Reed", emailVerified: true, welcomePending: false });
    expect(me.json.organizations).toEqual([expect.objectContaining({ id: org, role: "staff" })]);

    expect((await send(t.app, "POST", "/api/account/invitation/verify", { body: { token } })).status).toBe(400);
    const again = await send(t.app, "POST", "/api/account/invitation/join", {
      body: { token, name: "Robin", password: "Riverside#Desk42y" },
    });
    expect(again.status).toBe(400);
  });

  it("a withdrawn invitation's link is refused", async () => {
    const { org, token, cookie } = await invite("robin@example.com");
    const { items } = (await send(t.app, "GET", `/api/orgs/${org}/invitations`, { cookie })).json;
    expect((await send(t.app, "DELETE", `/api/orgs/${org}/invitations/${items[0].id}`, { cookie })).status).toBe(204);
    expect((await send(t.app, "POST", "/api/account/invitation/verify", { body: { token } })).status).toBe(400);
  });
});

describe.each(engines)("signed out by an admin's password reset (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("the browser whose session ended is told why; nobody else is told anything", async () => {
    t = await createTestApp(engine);
    const admin = await buildUser(t, { email: "admin@example.com" });
    const org = await buildOrg(t, admin.id, "Clinic");
    const staff = await buildUser(t, { email: "staff@example.com" });
    const other = await buildUser(t, { email: "other@example.com" });
    await addMember(t, org, staff.id, "staff");
    await addMember(t, org, other.id, "staff");
    const adminCookie = await signIn(t.app, admin.email, admin.password);
    const staffCookie = await signIn(t.app, staff.email, staff.password);
    const otherCookie = await signIn(t.app, other.email, other.password);
    const reason = async (cookie?: string) => (await send(t.app, "GET", "/api/session-end", cookie ? { cookie } : {})).json;

    expect(await reason(staffCookie)).toEqual({ reason: null });
    const reset = await send(t.app, "POST", `/api/orgs/${org}/members/${staff.id}/reset-password`, { cookie: adminCookie });
    expect(reset.status).toBe(200);
    expect((await send(t.app, "GET", "/api/me", { cookie: staffCookie })).status).toBe(401);
    expect(await reason(staffCookie)).toEqual({ reason: "admin_reset" });

    expect(await reason()).toEqual({ reason: null });
    expect(await reason(otherCookie)).toEqual({ reason: null });
    // A cookie with a forged signature is no one's.
    const forged = staffCookie.replace(/(session_token=[^;]*\.)[^;]+/, "$1AAAA");
    expect(await reason(forged)).toEqual({ reason: null });
    // A plain sign-out is the person's own doing: nothing to tell.
    await send(t.app, "POST", "/api/auth/sign-out", { cookie: otherCookie, body: {} });
    expect(await reason(otherCookie)).toEqual({ reason: null });
    // The token itself is never kept.
    const kept = await t.database.db.selectFrom("ended_sessions").select("token_hash").execute();
    expect(kept).toHaveLength(1);
    expect(staffCookie).not.toContain(kept[0]!.token_hash);
  });
});
