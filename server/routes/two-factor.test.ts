import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";
import { authenticator, cookiesOf, hasSession } from "../test/two-factor.js";

describe.each(engines)("two-factor authentication (%s)", (engine) => {
  const sink = useSmtpSink();
  let t: TestApp;
  afterEach(() => t?.close());

  /** A user who turned two-factor on: their app, recovery codes and the session they did it in. */
  async function enrolled(env: Record<string, string> = {}) {
    t = await createTestApp(engine, { TRUST_PROXY: "true", ...env });
    const user = await buildUser(t);
    let cookie = await signIn(t.app, user.email, user.password);
    const enable = await send(t.app, "POST", "/api/me/two-factor/enable", { cookie, body: { password: user.password } });
    expect(enable.status).toBe(200);
    const app = authenticator(enable.json.totpURI);
    const confirm = await send(t.app, "POST", "/api/me/two-factor/confirm", { cookie, body: { code: await app.code() } });
    expect(confirm.status).toBe(200);
    cookie = cookiesOf(confirm.headers, cookie);
    return { user, app, backupCodes: enable.json.backupCodes as string[], cookie };
  }

  const passwordSignIn = (email: string, password: string, ip = "203.0.113.10") =>
    send(t.app, "POST", "/api/auth/sign-in/password", { body: { email, password }, headers: { "x-forwarded-for": ip } });

  /** The first step of a sign-in with two-factor on: answers the challenge cookie. */
  async function challenge(email: string, password: string, ip = "203.0.113.10") {
    const res = await passwordSignIn(email, password, ip);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ twoFactorRequired: true });
    const cookie = cookiesOf(res.headers);
    expect(hasSession(cookie)).toBe(false);
    return cookie;
  }

  const verify = (cookie: string, body: unknown, ip = "203.0.113.10") =>
    send(t.app, "POST", "/api/auth/two-factor/verify", { cookie, body, headers: { "x-forwarded-for": ip } });

  it("enrols with password, secret and a first code, and reports it on /api/me", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.twoFactorEnabled).toBe(false);

    const wrongPassword = await send(t.app, "POST", "/api/me/two-factor/enable", { cookie, body: { password: "not-it-at-all" } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json).toEqual({ error: { code: "INVALID_PASSWORD", message: "Password is incorrect" } });

    const enable = await send(t.app, "POST", "/api/me/two-factor/enable", { cookie, body: { password: user.password } });
    expect(enable.status).toBe(200);
    expect(enable.json.totpURI).toMatch(/^otpauth:\/\/totp\/Contactbook:/);
    expect(enable.json.backupCodes).toHaveLength(10);
    expect(new Set(enable.json.backupCodes).size).toBe(10);
    // Not on until a code confirms it.
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.twoFactorEnabled).toBe(false);
    expect((await passwordSignIn(user.email, user.password)).json.user.id).toBe(user.id);

    const app = authenticator(enable.json.totpURI);
    const wrong = await send(t.app, "POST", "/api/me/two-factor/confirm", { cookie, body: { code: await app.wrongCode() } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe("INVALID_CODE");
    const malformed = await send(t.app, "POST", "/api/me/two-factor/confirm", { cookie, body: { code: "12ab" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("VALIDATION");

    const confirm = await send(t.app, "POST", "/api/me/two-factor/confirm", { cookie, body: { code: await app.code() } });
    expect(confirm.status).toBe(200);
    expect(confirm.json).toEqual({ twoFactorEnabled: true });
    // The plugin re-issues the session with the new flag; the new cookie works.
    const renewed = cookiesOf(confirm.headers, cookie);
    expect(hasSession(renewed)).toBe(true);
    expect((await send(t.app, "GET", "/api/me", { cookie: renewed })).json.user.twoFactorEnabled).toBe(true);

    const again = await send(t.app, "POST", "/api/me/two-factor/enable", { cookie: renewed, body: { password: user.password } });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("TWO_FACTOR_ALREADY_ENABLED");
  });

  it("signs in in two steps: the password answers twoFactorRequired with no session, a code completes it", async () => {
    const { user, app } = await enrolled();
    const pending = await challenge(user.email, user.password);
    expect((await send(t.app, "GET", "/api/me", { cookie: pending })).status).toBe(401);

    const missing = await verify(pending, {});
    expect(missing.status).toBe(400);
    const done = await verify(pending, { code: await app.code() });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ user: { id: user.id, email: user.email, name: user.name } });
    const session = cookiesOf(done.headers, pending);
    expect(hasSession(session)).toBe(true);
    expect((await send(t.app, "GET", "/api/me", { cookie: session })).json.user.id).toBe(user.id);

    // The challenge works once.
    expect((await verify(pending, { code: await app.code() })).status).toBe(401);
    // A wrong password is still the ordinary refusal.
    expect((await passwordSignIn(user.email, "wrong-wrong-1")).status).toBe(401);
  });

  it("limits wrong codes per challenge, per account (429) and per address (429)", async () => {
    const { user, app } = await enrolled({ SIGN_IN_RATE_LIMIT: "30/60" });
    // Five wrong codes end a challenge; ten across challenges lock the account for a while.
    let pending = await challenge(user.email, user.password, "198.51.100.1");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(pending, { code: await app.wrongCode() }, "198.51.100.1")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 400]);
    pending = await challenge(user.email, user.password, "198.51.100.2");
    for (let i = 0; i < 5; i++) expect((await verify(pending, { code: await app.wrongCode() }, "198.51.100.2")).status).toBe(401);
    pending = await challenge(user.email, user.password, "198.51.100.3");
    const locked = await verify(pending, { code: await app.code() }, "198.51.100.3");
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe("ACCOUNT_TEMPORARILY_LOCKED");
    expect(hasSession(cookiesOf(locked.headers))).toBe(false);
    const lockedBackup = await verify(pending, { backupCode: "aaaaa-bbbbb" }, "198.51.100.3");
    expect(lockedBackup.status).toBe(429);
  });

  it("limits second steps per client address like sign-in", async () => {
    const { user, app } = await enrolled({ SIGN_IN_RATE_LIMIT: "3/60" });
    const pending = await challenge(user.email, user.password, "192.0.2.50");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await verify(pending, { code: await app.wrongCode() }, "192.0.2.77")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Recovery codes have the same limit.
    const backup: number[] = [];
    for (let i = 0; i < 4; i++) backup.push((await verify(pending, { backupCode: "aaaaa-bbbbb" }, "192.0.2.78")).status);
    expect(backup.at(-1)).toBe(429);
  });

  it("accepts a recovery code once, and can trust the device for 30 days", async () => {
    const { user, backupCodes } = await enrolled();
    let pending = await challenge(user.email, user.password);
    const done = await verify(pending, { backupCode: backupCodes[0], trustDevice: true });
    expect(done.status).toBe(200);
    const session = cookiesOf(done.headers, pending);
    expect(hasSession(session)).toBe(true);
    const trust = done.headers.getSetCookie().find((c) => c.startsWith("contactbook.trust_device="));
    expect(trust).toMatch(/Max-Age=2592000/);

    pending = await challenge(user.email, user.password);
    const reused = await verify(pending, { backupCode: backupCodes[0] });
    expect(reused.status).toBe(401);
    expect(reused.json.code).toBe("INVALID_BACKUP_CODE");
    expect((await verify(pending, { backupCode: backupCodes[1] })).status).toBe(200);

    // The trusted device signs in with the password alone.
    const trustCookie = trust!.split(";")[0]!;
    const trusted = await send(t.app, "POST", "/api/auth/sign-in/password", {
      body: { email: user.email, password: user.password },
      cookie: trustCookie,
    });
    expect(trusted.status).toBe(200);
    expect(trusted.json.user.id).toBe(user.id);
    expect(hasSession(cookiesOf(trusted.headers))).toBe(true);
  });

  it("regenerates recovery codes with the password; the old ones stop working", async () => {
    const { user, backupCodes, cookie } = await enrolled();
    const refused = await send(t.app, "POST", "/api/me/two-factor/recovery-codes", { cookie, body: { password: "not-it-at-all" } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe("INVALID_PASSWORD");
    const res = await send(t.app, "POST", "/api/me/two-factor/recovery-codes", { cookie, body: { password: user.password } });
    expect(res.status).toBe(200);
    expect(res.json.backupCodes).toHaveLength(10);
    expect(res.json.backupCodes).not.toContain(backupCodes[0]);

    const pending = await challenge(user.email, user.password);
    expect((await verify(pending, { backupCode: backupCodes[0] })).status).toBe(401);
    expect((await verify(pending, { backupCode: res.json.backupCodes[0] })).status).toBe(200);
  });

  it("turns off only with the password and a current code", async () => {
    const { user, app, cookie } = await enrolled();
    // Another device was trusted for 30 days.
    const other = await verify(await challenge(user.email, user.password), { code: await app.code(), trustDevice: true });
    const trustCookie = other.headers
      .getSetCookie()
      .find((c) => c.startsWith("contactbook.trust_device="))!
      .split(";")[0]!;
    const noCode = await send(t.app, "POST", "/api/me/two-factor/disable", { cookie, body: { password: user.password } });
    expect(noCode.status).toBe(400);
    const wrongCode = await send(t.app, "POST", "/api/me/two-factor/disable", {
      cookie,
      body: { password: user.password, code: await app.wrongCode() },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json.error.code).toBe("INVALID_CODE");
    const wrongPassword = await send(t.app, "POST", "/api/me/two-factor/disable", {
      cookie,
      body: { password: "not-it-at-all", code: await app.code() },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json.error.code).toBe("INVALID_PASSWORD");
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.twoFactorEnabled).toBe(true);

    const off = await send(t.app, "POST", "/api/me/two-factor/disable", {
      cookie,
      body: { password: user.password, code: await app.code() },
    });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ twoFactorEnabled: false });
    const renewed = cookiesOf(off.headers, cookie);
    expect((await send(t.app, "GET", "/api/me", { cookie: renewed })).json.user.twoFactorEnabled).toBe(false);
    expect((await passwordSignIn(user.email, user.password)).json.user.id).toBe(user.id);
    const offAgain = await send(t.app, "POST", "/api/me/two-factor/disable", {
      cookie: renewed,
      body: { password: user.password, code: await app.code() },
    });
    expect(offAgain.status).toBe(409);
    expect(offAgain.json.error.code).toBe("TWO_FACTOR_NOT_ENABLED");

    // On again: the device trusted before asks for a code like any other.
    const enable = await send(t.app, "POST", "/api/me/two-factor/enable", { cookie: renewed, body: { password: user.password } });
    const second = authenticator(enable.json.totpURI);
    const confirm = await send(t.app, "POST", "/api/me/two-factor/confirm", { cookie: renewed, body: { code: await second.code() } });
    expect(confirm.status).toBe(200);
    const trusted = await send(t.app, "POST", "/api/auth/sign-in/password", {
      body: { email: user.email, password: user.password },
      cookie: trustCookie,
    });
    expect(trusted.json).toEqual({ twoFactorRequired: true });
  });

  it("needs a session for the settings routes and keeps the plugin's own endpoints closed", async () => {
    t = await createTestApp(engine);
    for (const path of ["enable", "confirm", "disable", "recovery-codes"]) {
      const res = await send(t.app, "POST", `/api/me/two-factor/${path}`, { body: {} });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe("UNAUTHORIZED");
    }
    for (const path of ["enable", "disable", "verify-totp", "verify-backup-code", "generate-backup-codes", "get-totp-uri"]) {
      expect((await send(t.app, "POST", `/api/auth/two-factor/${path}`, { body: {} })).status).toBe(404);
    }
  });

  it("an admin's temporary password for a managed member also turns their two-factor off, audited", async () => {
    const { user } = await enrolled();
    const owner = await buildUser(t, { email: "owner@example.com" });
    const org = await buildOrg(t, owner.id, "Clinic");
    await addMember(t, org, user.id, "staff");
    const adminCookie = await signIn(t.app, owner.email, owner.password);
    const res = await send(t.app, "POST", `/api/orgs/${org}/members/${user.id}/reset-password`, { cookie: adminCookie });
    expect(res.status).toBe(200);
    const audits = await t.database.db.selectFrom("audit_logs").select("operation").orderBy("created_at").execute();
    expect(audits.map((a) => a.operation)).toEqual(["PASSWORD_RESET_BY_ADMIN", "TWO_FACTOR_CLEARED_BY_ADMIN"]);
    const temporary = await signIn(t.app, user.email, res.json.temporaryPassword);
    expect((await send(t.app, "GET", "/api/me", { cookie: temporary })).json.user.twoFactorEnabled).toBe(false);
    expect(await t.database.db.selectFrom("two_factors").selectAll().execute()).toEqual([]);
  });

  it("mails a sign-in from a new device when its second step completes it, not at the password step", async () => {
    const { user, app } = await enrolled({ SMTP_URL: sink.url });
    const phone = {
      "user-agent":
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "x-forwarded-for": "198.51.100.9",
    };
    const mailsTo = () => sink.mails.filter((m) => m.to.includes(user.email));
    const res = await send(t.app, "POST", "/api/auth/sign-in/password", {
      body: { email: user.email, password: user.password },
      headers: phone,
    });
    expect(res.json).toEqual({ twoFactorRequired: true });
    const done = await send(t.app, "POST", "/api/auth/two-factor/verify", {
      cookie: cookiesOf(res.headers),
      body: { code: await app.code() },
      headers: phone,
    });
    expect(done.status).toBe(200);
    await expect.poll(() => mailsTo().length, { timeout: 5000 }).toBe(1);
    expect(mailsTo()[0]!.subject).toBe("New sign-in to your Contactbook account");
    expect(mailsTo()[0]!.text).toContain("Safari on iOS");
  });
});
