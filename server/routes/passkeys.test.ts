import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, nowIso } from "../db/ids.js";
import { addMember, buildOrg, buildUser } from "../test/factories.js";
import { APP_URL, type TestApp, createTestApp, engines } from "../test/harness.js";
import { softAuthenticator } from "../test/passkey-authenticator.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";
import { cookiesOf, enrolTwoFactor, hasSession } from "../test/two-factor.js";
import { eventually } from "../test/eventually.js";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe.each(engines)("passkeys: /api/auth/passkey/* and /api/me/passkeys (%s)", (engine) => {
  const sink = useSmtpSink();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine, { SMTP_URL: sink.url, TRUST_PROXY: "true" });
  });
  afterAll(() => t?.close());

  const me = (method: string, path: string, cookie: string, body?: unknown) => send(t.app, method, `/api/me${path}`, { cookie, body });
  const from = (userAgent: string, ip: string) => ({ "user-agent": userAgent, "x-forwarded-for": ip });
  // Each password sign-in from its own address, so the file stays inside sign-in's per-address limit.
  let address = 0;
  const signInAs = (u: { email: string; password: string }) =>
    signIn(t.app, u.email, u.password, { "x-forwarded-for": `10.0.0.${++address}` });

  /** A passkey row as the plugin writes it, for the tests that need no ceremony. */
  async function insertPasskey(userId: string, name: string, createdAt = nowIso()) {
    const id = newId();
    await t.database.db
      .insertInto("passkeys")
      .values({
        id,
        name,
        userId,
        publicKey: "cHVibGljLWtleQ",
        credentialID: newId(),
        counter: 0,
        deviceType: "multiDevice",
        backedUp: true,
        transports: "internal",
        createdAt,
        aaguid: null,
      })
      .execute();
    return id;
  }

  /** 'Add a passkey' as the web app does it: options, the authenticator, then verify with a name. */
  async function addPasskey(cookie: string, name: string, authenticator = softAuthenticator(APP_URL)) {
    const options = await send(t.app, "GET", "/api/auth/passkey/generate-register-options", { cookie });
    expect(options.status, options.text).toBe(200);
    const jar = cookiesOf(options.headers, cookie);
    const verify = await send(t.app, "POST", "/api/auth/passkey/verify-registration", {
      cookie: jar,
      body: { response: authenticator.register(options.json), name },
    });
    return { verify, authenticator };
  }

  /** 'Sign in with a passkey': no e-mail, only the authenticator's answer. */
  async function passkeySignIn(authenticator: ReturnType<typeof softAuthenticator>, headers: Record<string, string> = {}) {
    const options = await send(t.app, "GET", "/api/auth/passkey/generate-authenticate-options", { headers });
    expect(options.status, options.text).toBe(200);
    const verify = await send(t.app, "POST", "/api/auth/passkey/verify-authentication", {
      cookie: cookiesOf(options.headers),
      headers,
      body: { response: authenticator.authenticate(options.json) },
    });
    return { verify, cookie: cookiesOf(verify.headers) };
  }

  it("answers registration options to a signed-in person only, for discoverable credentials on the app's host", async () => {
    const u = await buildUser(t);
    const cookie = await signInAs(u);
    const res = await send(t.app, "GET", "/api/auth/passkey/generate-register-options", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ rp: { id: "localhost", name: "Contactbook" }, authenticatorSelection: { residentKey: "required" } });
    expect(res.json.challenge).toEqual(expect.any(String));
    expect((await send(t.app, "GET", "/api/auth/passkey/generate-register-options")).status).toBe(401);
  });

  it("answers sign-in options to anyone, naming no credentials (no e-mail needed)", async () => {
    const res = await send(t.app, "GET", "/api/auth/passkey/generate-authenticate-options");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ rpId: "localhost" });
    expect(res.json.challenge).toEqual(expect.any(String));
    expect(res.json.allowCredentials ?? []).toEqual([]);
  });

  it("keeps the plugin's other endpoints closed", async () => {
    const u = await buildUser(t);
    const cookie = await signInAs(u);
    const id = await insertPasskey(u.id, "Closed");
    for (const [method, path, body] of [
      ["GET", "/api/auth/passkey/list-user-passkeys", undefined],
      ["POST", "/api/auth/passkey/delete-passkey", { id }],
      ["POST", "/api/auth/passkey/update-passkey", { id, name: "Renamed" }],
      ["POST", "/api/auth/passkey/generate-register-options", undefined],
      ["GET", "/api/auth/passkey/verify-authentication", undefined],
    ] as const) {
      const res = await send(t.app, method, path, { cookie, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await me("GET", "/passkeys", cookie)).json.items.map((p: { name: string }) => p.name)).toEqual(["Closed"]);
  });

  it("adds a named passkey, lists it, and signs in with it without an e-mail; the sign-in answers no token", async () => {
    const u = await buildUser(t);
    const cookie = await signInAs(u);
    const { verify, authenticator } = await addPasskey(cookie, "  Work laptop ");
    expect(verify.status, verify.text).toBe(200);
    expect(verify.json).toEqual({
      id: expect.any(String),
      name: "Work laptop",
      createdAt: expect.any(String),
      deviceType: "singleDevice",
      backedUp: false,
    });
    const listed = await me("GET", "/passkeys", cookie);
    expect(listed.json).toEqual({ items: [verify.json] });

    const { verify: signedIn, cookie: passkeyCookie } = await passkeySignIn(authenticator);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.json).toEqual({ user: { id: u.id, email: u.email, name: u.name } });
    expect(hasSession(passkeyCookie)).toBe(true);
    expect((await me("GET", "", passkeyCookie)).json).toMatchObject({ user: { id: u.id } });
  });

  it("refuses a registration without a name, and one that is not the authenticator's answer to our challenge", async () => {
    const u = await buildUser(t);
    const cookie = await signInAs(u);
    const unnamed = await addPasskey(cookie, " ");
    expect(unnamed.verify.status).toBe(400);
    expect(unnamed.verify.json).toMatchObject({ code: "VALIDATION_ERROR", message: "Name is required" });
    const authenticator = softAuthenticator(APP_URL);
    const forged = await send(t.app, "POST", "/api/auth/passkey/verify-registration", {
      cookie,
      body: { response: authenticator.register({ challenge: "bm90LW91ci1jaGFsbGVuZ2U", user: { id: "x" } }), name: "Forged" },
    });
    expect(forged.status).toBe(400);
    expect((await me("GET", "/passkeys", cookie)).json.items).toEqual([]);
  });

  it("is a second sign-in factor in itself: an account with an authenticator app is not asked for its code", async () => {
    const u = await buildUser(t);
    const { cookie } = await enrolTwoFactor(t.app, await signInAs(u), u.password);
    const { verify, authenticator } = await addPasskey(cookie, "Phone");
    expect(verify.status, verify.text).toBe(200);
    const password = await send(t.app, "POST", "/api/auth/sign-in/password", { body: { email: u.email, password: u.password } });
    expect(password.json).toEqual({ twoFactorRequired: true });
    const { verify: signedIn, cookie: passkeyCookie } = await passkeySignIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).not.toHaveProperty("twoFactorRequired");
    expect((await me("GET", "/passkeys", passkeyCookie)).status).toBe(200);
  });

  it("refuses a passkey that was removed", async () => {
    const u = await buildUser(t);
    const cookie = await signInAs(u);
    const { verify, authenticator } = await addPasskey(cookie, "Old key");
    expect((await me("DELETE", `/passkeys/${verify.json.id}`, cookie)).status).toBe(204);
    const { verify: refused, cookie: none } = await passkeySignIn(authenticator);
    expect(refused.status).toBe(401);
    expect(hasSession(none)).toBe(false);
  });

  it("mails a passkey sign-in from a new device", async () => {
    const u = await buildUser(t);
    const cookie = await signIn(t.app, u.email, u.password, from(FIREFOX_WINDOWS, "203.0.113.7"));
    const { authenticator } = await addPasskey(cookie, "Phone");
    const { verify } = await passkeySignIn(authenticator, from(SAFARI_IPHONE, "198.51.100.9"));
    expect(verify.status).toBe(200);
    const [mail] = await eventually(
      () => sink.mails.filter((m) => m.to.includes(u.email)),
      (m) => m.length === 1,
    );
    expect(mail!.subject).toBe("New sign-in to your Contactbook account");
    expect(mail!.text).toContain("Safari on iOS");
  });

  it("lists, renames and removes the person's own passkeys, newest first; another person's is 404", async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const aliceCookie = await signInAs(alice);
    const bobCookie = await signInAs(bob);
    const older = await insertPasskey(alice.id, "Desk key", "2026-01-01T00:00:00.000Z");
    const newer = await insertPasskey(alice.id, "Phone", "2026-02-01T00:00:00.000Z");
    const bobs = await insertPasskey(bob.id, "Bob's key");

    const listed = await me("GET", "/passkeys", aliceCookie);
    expect(listed.status).toBe(200);
    expect(listed.json.items).toEqual([
      { id: newer, name: "Phone", createdAt: "2026-02-01T00:00:00.000Z", deviceType: "multiDevice", backedUp: true },
      { id: older, name: "Desk key", createdAt: "2026-01-01T00:00:00.000Z", deviceType: "multiDevice", backedUp: true },
    ]);
    expect(JSON.stringify(listed.json)).not.toContain("publicKey");

    const renamed = await me("PATCH", `/passkeys/${older}`, aliceCookie, { name: "YubiKey" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: older, name: "YubiKey" });
    expect((await me("PATCH", `/passkeys/${older}`, aliceCookie, { name: "" })).status).toBe(400);

    expect((await me("PATCH", `/passkeys/${bobs}`, aliceCookie, { name: "Mine now" })).status).toBe(404);
    expect((await me("DELETE", `/passkeys/${bobs}`, aliceCookie)).status).toBe(404);
    expect((await me("DELETE", `/passkeys/${newId()}`, aliceCookie)).status).toBe(404);
    expect((await me("GET", "/passkeys", bobCookie)).json.items).toEqual([expect.objectContaining({ id: bobs, name: "Bob's key" })]);

    expect((await me("DELETE", `/passkeys/${newer}`, aliceCookie)).status).toBe(204);
    expect((await me("GET", "/passkeys", aliceCookie)).json.items.map((p: { id: string }) => p.id)).toEqual([older]);
    expect((await send(t.app, "GET", "/api/me/passkeys")).status).toBe(401);
  });

  it("counts as two-factor for an organization that requires it", async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const org = await buildOrg(t, owner.id, "Harbor Clinic");
    await addMember(t, org, member.id, "staff");
    const ownerCookie = (await enrolTwoFactor(t.app, await signInAs(owner), owner.password)).cookie;
    expect((await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie: ownerCookie, body: { requireTwoFactor: true } })).status).toBe(200);
    const memberCookie = await signInAs(member);
    const contacts = () => send(t.app, "GET", `/api/orgs/${org}/contacts`, { cookie: memberCookie });
    const memberFlag = async () =>
      (await send(t.app, "GET", `/api/orgs/${org}/members`, { cookie: ownerCookie })).json.items.find(
        (m: { id: string }) => m.id === member.id,
      ).twoFactor;

    expect((await contacts()).json.error.code).toBe("TWO_FACTOR_REQUIRED");
    expect(await memberFlag()).toBe(false);

    const id = await insertPasskey(member.id, "Phone");
    expect((await contacts()).status).toBe(200);
    expect(await memberFlag()).toBe(true);

    expect((await me("DELETE", `/passkeys/${id}`, memberCookie)).status).toBe(204);
    expect((await contacts()).json.error.code).toBe("TWO_FACTOR_REQUIRED");
  });

  it("is removed by an admin's temporary password for a managed member, audited", async () => {
    const owner = await buildUser(t);
    const member = await buildUser(t);
    const org = await buildOrg(t, owner.id, "Reset Clinic");
    await addMember(t, org, member.id, "staff");
    const { authenticator } = await addPasskey(await signInAs(member), "Lost phone");
    await insertPasskey(member.id, "Old key");
    const res = await send(t.app, "POST", `/api/orgs/${org}/members/${member.id}/reset-password`, { cookie: await signInAs(owner) });
    expect(res.status, res.text).toBe(200);
    const audits = await send(t.app, "GET", `/api/orgs/${org}/audit?action=PASSKEYS_REMOVED_BY_ADMIN`, { cookie: await signInAs(owner) });
    expect(audits.json.items).toEqual([expect.objectContaining({ operation: "PASSKEYS_REMOVED_BY_ADMIN", recordId: member.id })]);
    expect((await passkeySignIn(authenticator)).verify.status).toBe(401);
    expect(await t.database.db.selectFrom("passkeys").select("id").where("userId", "=", member.id).execute()).toEqual([]);
  });

  it("lets an owner with only a passkey require two-factor", async () => {
    const owner = await buildUser(t);
    const org = await buildOrg(t, owner.id, "Passkey Clinic");
    const cookie = await signInAs(owner);
    await insertPasskey(owner.id, "Phone");
    const res = await send(t.app, "PATCH", `/api/orgs/${org}`, { cookie, body: { requireTwoFactor: true } });
    expect(res.status, res.text).toBe(200);
  });
});
