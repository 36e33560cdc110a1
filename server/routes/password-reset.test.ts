import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { tokenFrom, useSmtpSink } from "../test/smtp-sink.js";

const STRONG = "Fresh#Garden42x";

describe.each(engines)("password reset by e-mailed link (%s)", (engine) => {
  let t: TestApp;
  const sink = useSmtpSink();
  afterEach(() => t?.close());

  const request = (email: string, headers: Record<string, string> = {}) =>
    send(t.app, "POST", "/api/account/password-reset/request", { body: { email }, headers });

  it("mails a single-use link that sets a new password and ends every session", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const user = await buildUser(t, { email: "reset-me@example.com" });
    const oldSession = await signIn(t.app, user.email, user.password);

    const res = await request("Reset-Me@Example.com");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    const mail = await sink.waitFor("reset-me@example.com");
    expect(mail.subject).toBe("Reset your Contactbook password");
    expect(mail.text).toContain("http://localhost:3000/reset-password#access_token=");
    expect(mail.text).toContain("&type=recovery");
    expect(mail.html).toContain("http://localhost:3000/reset-password#access_token=");
    const token = tokenFrom(mail.text);

    expect((await send(t.app, "POST", "/api/account/password-reset/verify", { body: { token } })).json).toEqual({ valid: true });

    const weak = await send(t.app, "POST", "/api/account/password-reset/complete", { body: { token, password: "password1" } });
    expect(weak.status).toBe(400);
    expect(weak.json.error.message).toBe("Please enter a valid password that meets all requirements");

    await t.database.db.updateTable("users").set({ emailVerified: false }).where("id", "=", user.id).execute();
    const done = await send(t.app, "POST", "/api/account/password-reset/complete", { body: { token, password: STRONG } });
    expect(done.status).toBe(200);
    // Following the mailed link proved the mailbox.
    const verified = await t.database.db.selectFrom("users").select("emailVerified").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(Boolean(verified.emailVerified)).toBe(true);
    expect((await send(t.app, "GET", "/api/me", { cookie: oldSession })).status).toBe(401);
    expect((await send(t.app, "POST", "/api/auth/sign-in/password", { body: { email: user.email, password: user.password } })).status).toBe(
      401,
    );
    await signIn(t.app, user.email, STRONG);

    const reuse = await send(t.app, "POST", "/api/account/password-reset/complete", { body: { token, password: "Another#Garden42x" } });
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toEqual({ code: "INVALID_TOKEN", message: "This password reset link has expired or been used already." });
    const verifyUsed = await send(t.app, "POST", "/api/account/password-reset/verify", { body: { token } });
    expect(verifyUsed.json.error.code).toBe("INVALID_TOKEN");
  });

  it("refuses an expired link", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const user = await buildUser(t);
    await request(user.email);
    const token = tokenFrom((await sink.waitFor(user.email)).text);
    await t.database.db
      .updateTable("verifications")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const verify = await send(t.app, "POST", "/api/account/password-reset/verify", { body: { token } });
    expect(verify.status).toBe(400);
    expect(verify.json.error.message).toBe("This password reset link has expired or been used already.");
    const complete = await send(t.app, "POST", "/api/account/password-reset/complete", { body: { token, password: STRONG } });
    expect(complete.status).toBe(400);
    await signIn(t.app, user.email, user.password);
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const known = await buildUser(t);
    const a = await request(known.email);
    const b = await request("nobody@example.com");
    expect(b.status).toBe(a.status);
    expect(b.json).toEqual(a.json);
    await sink.waitFor(known.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(sink.mails.map((m) => m.to).flat()).toEqual([known.email]);
  });

  it("limits reset requests per client address", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request("someone@example.com")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await request("someone@example.com");
    expect(limited.json.error.message).toBe("Too many requests. Please wait a few minutes before trying again.");
  });

  it("validates the address", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const res = await request("not-an-address");
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Please enter a valid email address");
  });

  it("keeps the mail in the outbox and logs the link when no SMTP server is configured", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    expect((await request(user.email)).status).toBe(200);
    await expect.poll(() => t.database.db.selectFrom("mail_outbox").selectAll().execute()).toHaveLength(1);
    const [kept] = await t.database.db.selectFrom("mail_outbox").selectAll().execute();
    expect(kept).toMatchObject({ recipient: user.email, status: "logged", subject: "Reset your Contactbook password" });
    const logged = t.log.lines.find((l) => l.message.startsWith("mail not sent"));
    expect(String(logged?.fields?.text)).toContain("/reset-password#access_token=");
  });

  it("never loses the request when the SMTP server refuses: the mail waits in the outbox", async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    sink.setRefuse(true);
    const user = await buildUser(t);
    expect((await request(user.email)).status).toBe(200);
    await expect.poll(() => t.database.db.selectFrom("mail_outbox").selectAll().execute(), { timeout: 5000 }).toHaveLength(1);
    const [kept] = await t.database.db.selectFrom("mail_outbox").selectAll().execute();
    expect(kept!.status).toBe("failed");
    expect(kept!.error).toMatch(/Mailbox unavailable/);
    expect(t.log.lines.some((l) => l.level === "error" && l.message.startsWith("mail sending failed"))).toBe(true);
  });
});
