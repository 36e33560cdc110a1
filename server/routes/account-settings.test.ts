import { afterEach, describe, expect, it } from "vitest";
import { createAccount } from "../auth/accounts.js";
import { sendEmailConfirmation } from "../services/account.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { tokenFrom, useSmtpSink } from "../test/smtp-sink.js";

describe.each(engines)("own account: profile, password, e-mail confirmation (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  it("updates the profile name, sanitised, and /api/me shows it", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "PATCH", "/api/me/profile", { cookie, body: { name: "  <b>Ann</b>   Lee " } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ name: "bAnn/b Lee" });
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.name).toBe("bAnn/b Lee");
  });

  it.each([
    ["", "Name is required"],
    ["<>", "Name is required"],
    ["x".repeat(101), "Name must be less than 100 characters"],
  ])("refuses the name %j with %j and changes nothing", async (name, message) => {
    t = await createTestApp(engine);
    const user = await buildUser(t, { name: "Kept" });
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "PATCH", "/api/me/profile", { cookie, body: { name } });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "VALIDATION", message });
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.name).toBe("Kept");
  });

  it("needs a session for profile and password changes", async () => {
    t = await createTestApp(engine);
    expect((await send(t.app, "PATCH", "/api/me/profile", { body: { name: "X" } })).status).toBe(401);
    expect((await send(t.app, "POST", "/api/me/password", { body: { currentPassword: "a", newPassword: "Abcdefg1" } })).status).toBe(401);
  });

  it("refuses a wrong current password on the field's terms and keeps the old password", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "POST", "/api/me/password", {
      cookie,
      body: { currentPassword: "wrong-one-1A", newPassword: "Newpass123" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toEqual({ code: "INVALID_CURRENT_PASSWORD", message: "Current password is incorrect" });
    await signIn(t.app, user.email, user.password);
  });

  it.each([
    ["short1A", "Password must be at least 8 characters"],
    ["alllowercase1", "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
  ])("refuses the new password %j", async (newPassword, message) => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "POST", "/api/me/password", { cookie, body: { currentPassword: user.password, newPassword } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(message);
  });

  it("changes the password, keeps this browser signed in and ends the user's other sessions", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const here = await signIn(t.app, user.email, user.password);
    const elsewhere = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, "POST", "/api/me/password", {
      cookie: here,
      body: { currentPassword: user.password, newPassword: "Newpass123" },
    });
    expect(res.status).toBe(200);
    const fresh = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(fresh).toMatch(/^contactbook\.session_token=/);
    expect((await send(t.app, "GET", "/api/me", { cookie: fresh })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/me", { cookie: elsewhere })).status).toBe(401);
    await signIn(t.app, user.email, "Newpass123");
  });

  it("limits password-change attempts per user", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(t.app, "POST", "/api/me/password", {
        cookie,
        body: { currentPassword: "wrong-one-1A", newPassword: "Newpass123" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("sends a signed-in user a confirmation link for their own address on request, a few times at most", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    await createAccount(t.auth, { email: "unconfirmed@example.com", name: "U", password: "Whatever-123", emailVerified: false });
    const cookie = await signIn(t.app, "unconfirmed@example.com", "Whatever-123");
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.emailVerified).toBe(false);
    const res = await send(t.app, "POST", "/api/me/email-confirmation", { cookie, body: {} });
    expect(res.status).toBe(200);
    const mail = await sink.waitFor("unconfirmed@example.com");
    expect((await send(t.app, "POST", "/api/account/verify-email", { body: { token: tokenFrom(mail.text) } })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.emailVerified).toBe(true);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(t.app, "POST", "/api/me/email-confirmation", { cookie, body: {} })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("confirms an e-mail address through the mailed /auth/callback link and refuses a forged one", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const user = await createAccount(t.auth, { email: "new@example.com", name: "New", password: "Whatever-123", emailVerified: false });
    await sendEmailConfirmation(t.deps, user);
    const mail = await sink.waitFor("new@example.com");
    expect(mail.subject).toBe("Confirm your e-mail address for Contactbook");
    expect(mail.text).toContain("http://localhost:3000/auth/callback#access_token=");
    expect(mail.text).toContain("&type=signup");
    const token = tokenFrom(mail.text);

    const ok = await send(t.app, "POST", "/api/account/verify-email", { body: { token } });
    expect(ok.status).toBe(200);
    const row = await t.database.db
      .selectFrom("users")
      .select("emailVerified")
      .where("email", "=", "new@example.com")
      .executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);

    const bad = await send(t.app, "POST", "/api/account/verify-email", { body: { token: "forged.token.value" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual({
      code: "access_denied",
      message: "Email link has expired or is invalid. Please request a new confirmation email.",
    });
  });
});
