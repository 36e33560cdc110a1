import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";
import { eventually } from "../test/eventually.js";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const FIREFOX_WINDOWS_NEWER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:129.0) Gecko/20100101 Firefox/129.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const settle = () => new Promise((r) => setTimeout(r, 300));

describe.each(engines)("my sessions (%s)", (engine) => {
  const sink = useSmtpSink();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url, TRUST_PROXY: "true" });
  });
  afterAll(() => t?.close());

  const from = (userAgent: string, ip: string) => ({ "user-agent": userAgent, "x-forwarded-for": ip });
  const me = (method: string, path: string, cookie: string, body?: unknown) => send(t.app, method, `/api/me${path}`, { cookie, body });

  it("lists the person's sign-ins with the asking one flagged, its device and address, and never a token", async () => {
    const u = await buildUser(t);
    const laptop = await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.7"));
    await signIn(t.app, u.email, u.password, from(SAFARI_IPHONE, "198.51.100.9"));
    const res = await me("GET", "/sessions", laptop);
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(2);
    const [phone, current] = res.json.items;
    expect(current).toMatchObject({ current: true, userAgent: FIREFOX_WINDOWS, ip: "203.0.113.7" });
    expect(phone).toMatchObject({ current: false, userAgent: SAFARI_IPHONE, ip: "198.51.100.9" });
    for (const item of res.json.items) {
      expect(Object.keys(item).sort()).toEqual(["createdAt", "current", "id", "ip", "lastActiveAt", "userAgent"]);
      expect(Date.parse(item.createdAt)).not.toBeNaN();
      expect(Date.parse(item.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(item.createdAt));
      expect(laptop).not.toContain(item.id);
    }
    // The request just made writes "last seen" (after answering).
    const lastSeen = async () =>
      (await t.database.db.selectFrom("sessions").select("lastActiveAt").where("id", "=", current.id).executeTakeFirst())?.lastActiveAt;
    const deadline = Date.now() + 5000;
    while (!(await lastSeen()) && Date.now() < deadline) await settle();
    expect(await lastSeen()).not.toBeNull();
  });

  it("signs one session out: its cookie answers 401 at once; the current one cannot be ended here", async () => {
    const u = await buildUser(t);
    const laptop = await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.7"));
    const phone = await signIn(t.app, u.email, u.password, from(SAFARI_IPHONE, "198.51.100.9"));
    const items = (await me("GET", "/sessions", laptop)).json.items as { id: string; current: boolean }[];
    const other = items.find((s) => !s.current)!;
    const mine = items.find((s) => s.current)!;
    expect((await me("GET", "", phone)).status).toBe(200);

    expect((await me("DELETE", `/sessions/${other.id}`, laptop)).status).toBe(204);
    expect((await me("GET", "", phone)).status).toBe(401);
    expect((await me("DELETE", `/sessions/${other.id}`, laptop)).status).toBe(404);

    const self = await me("DELETE", `/sessions/${mine.id}`, laptop);
    expect(self.status).toBe(409);
    expect(self.json.error.code).toBe("CURRENT_SESSION");
    expect((await me("GET", "", laptop)).status).toBe(200);
    expect((await me("GET", "/sessions", laptop)).json.items.map((s: { id: string }) => s.id)).toEqual([mine.id]);
  });

  it("signs out everywhere else and keeps the asking session", async () => {
    const u = await buildUser(t);
    const a = await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.7"));
    const b = await signIn(t.app, u.email, u.password, from(SAFARI_IPHONE, "198.51.100.9"));
    const c = await signIn(t.app, u.email, u.password, from(CHROME_MAC, "192.0.2.1"));
    const res = await me("POST", "/sessions/revoke-others", b);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ revoked: 2 });
    expect((await me("GET", "", a)).status).toBe(401);
    expect((await me("GET", "", c)).status).toBe(401);
    const left = (await me("GET", "/sessions", b)).json.items;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, userAgent: SAFARI_IPHONE });
  });

  it("answers 404 for another person's session, and leaves it alone", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const aliceCookie = await signIn(t.app, alice.email, alice.password);
    const bobCookie = await signIn(t.app, bob.email, bob.password);
    const bobSession = (await me("GET", "/sessions", bobCookie)).json.items[0].id as string;
    expect((await me("GET", "/sessions", aliceCookie)).json.items.map((s: { id: string }) => s.id)).not.toContain(bobSession);
    expect((await me("DELETE", `/sessions/${bobSession}`, aliceCookie)).status).toBe(404);
    expect((await me("GET", "", bobCookie)).status).toBe(200);
    expect((await me("POST", "/sessions/revoke-others", aliceCookie)).json).toEqual({ revoked: 0 });
    expect((await me("GET", "", bobCookie)).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await send(t.app, "GET", "/api/me/sessions")).status).toBe(401);
    expect((await send(t.app, "POST", "/api/me/sessions/revoke-others")).status).toBe(401);
  });

  it("mails a sign-in from a new device, not from a known one (even after signing out), and not when switched off", async () => {
    const u = await buildUser(t);
    const mailsTo = () => sink.mails.filter((m) => m.to.includes(u.email));
    // The first sign-in ever has nothing to compare with.
    const laptop = await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.7"));
    await settle();
    expect(mailsTo()).toHaveLength(0);

    await signIn(t.app, u.email, u.password, from(SAFARI_IPHONE, "198.51.100.9"));
    const [mail] = await eventually(mailsTo, (m) => m.length === 1);
    expect(mail!.subject).toBe("New sign-in to your Contactbook account");
    expect(mail!.text).toContain("Safari on iOS");
    expect(mail!.text).toContain("198.51.100.9");
    expect(mail!.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail!.text).toContain("change your password");
    expect(mail!.text).toContain("Sign out everywhere else");

    // The same device again, a newer version of its browser, and the same device after signing out: no mail.
    await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.8"));
    await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS_NEWER, "203.0.113.8"));
    expect((await me("POST", "/sessions/revoke-others", laptop)).status).toBe(200);
    await signIn(t.app, u.email, u.password, from(SAFARI_IPHONE, "198.51.100.9"));
    await settle();
    expect(mailsTo()).toHaveLength(1);

    // Switched off in Settings > Notifications.
    const off = await me("PATCH", "/notification-settings", laptop, { new_device_sign_in: false });
    expect(off.json).toMatchObject({ new_device_sign_in: false });
    expect((await me("GET", "/notification-settings", laptop)).json.new_device_sign_in).toBe(false);
    await signIn(t.app, u.email, u.password, from(CHROME_MAC, "192.0.2.1"));
    await settle();
    expect(mailsTo()).toHaveLength(1);
  });

  it("has the new-device mail on by default", async () => {
    const u = await buildUser(t);
    const cookie = await signIn(t.app, u.email, u.password);
    expect((await me("GET", "/notification-settings", cookie)).json.new_device_sign_in).toBe(true);
  });
});

describe("the new-device mail without SMTP_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t?.close());

  it("is not kept in the outbox, like Security Alerts", async () => {
    const u = await buildUser(t);
    await signIn(t.app, u.email, u.password, { "user-agent": FIREFOX_WINDOWS });
    await signIn(t.app, u.email, u.password, { "user-agent": SAFARI_IPHONE });
    await settle();
    const kept = await t.database.db.selectFrom("mail_outbox").selectAll().execute();
    expect(kept.filter((m) => JSON.stringify(m).includes(u.email))).toEqual([]);
  });
});
