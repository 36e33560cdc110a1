import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { PASSWORD, addMember, buildOrg, buildUser } from "../test/factories.js";
import { send } from "../test/requests.js";

// The test app's APP_URL is http://localhost:3000; the office opens it by the server's address.
const LAN = "http://192.168.1.20:3000";

// As a browser sends it: with Fetch Metadata, which makes Better Auth check the Origin against its
// trusted origins too (a cookie does as well), not only our check.
const BROWSER = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" };

const signInAt = (t: TestApp, url: string, origin: string, email: string) =>
  send(t.app, "POST", `${url}/api/auth/sign-in/password`, { body: { email, password: PASSWORD }, headers: { origin, ...BROWSER } });

const appUrlLines = (t: TestApp) => t.log.lines.filter((l) => l.message.startsWith("APP_URL ("));

describe.each(engines)("origin check: the app reached by another address than APP_URL (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("signs in from a page whose Origin is the host it was sent to, and the session works there", async () => {
    t = await createTestApp(engine);
    await buildUser(t, { email: "lan@example.com" });
    const res = await signInAt(t, LAN, LAN, "lan@example.com");
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const me = await send(t.app, "GET", `${LAN}/api/me`, { cookie, headers: { origin: LAN, ...BROWSER } });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe("lan@example.com");
    // A state-changing request of ours (not Better Auth's) passes too.
    const renamed = await send(t.app, "PATCH", `${LAN}/api/me/profile`, {
      cookie,
      headers: { origin: LAN, ...BROWSER },
      body: { name: "Lan User" },
    });
    // Better Auth's own endpoints with the session cookie (it checks the Origin then): signing out there works.
    const out = await send(t.app, "POST", `${LAN}/api/auth/sign-out`, { cookie, headers: { origin: LAN, ...BROWSER }, body: {} });
    expect(out.status).toBe(200);
    expect(renamed.status).toBe(200);
  });

  it("still refuses another site's page, by our check and by Better Auth's", async () => {
    t = await createTestApp(engine);
    await buildUser(t, { email: "lan@example.com" });
    const foreign = await signInAt(t, LAN, "http://evil.example", "lan@example.com");
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toEqual({ code: "FORBIDDEN_ORIGIN", message: "Cross-site request refused." });
    // The same host on another port is another origin.
    expect((await signInAt(t, LAN, "http://192.168.1.20:4000", "lan@example.com")).status).toBe(403);
    // A browser that sends no Origin must say same-origin.
    const bare = await t.app.request(`${LAN}/api/auth/sign-in/password`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ email: "lan@example.com", password: PASSWORD }),
    });
    expect(bare.status).toBe(403);
    expect(appUrlLines(t)).toEqual([]);
  });

  it("says once in the log that APP_URL differs from the address in use, and mailed links keep APP_URL", async () => {
    t = await createTestApp(engine);
    await buildUser(t, { email: "lan@example.com" });
    await signInAt(t, LAN, LAN, "lan@example.com");
    await signInAt(t, LAN, LAN, "lan@example.com");
    await signInAt(t, "http://127.0.0.1:3000", "http://127.0.0.1:3000", "lan@example.com");
    expect(appUrlLines(t)).toEqual([
      {
        level: "warn",
        message: `APP_URL (http://localhost:3000) differs from the address in use (${LAN}); mailed links use APP_URL`,
        fields: { appUrl: "http://localhost:3000", addressInUse: LAN },
      },
    ]);
  });

  it("gives APP_URL to owners and admins only, so the app can tell them which address mails use", async () => {
    t = await createTestApp(engine);
    const owner = await buildUser(t, { email: "owner@example.com" });
    const staff = await buildUser(t, { email: "staff@example.com" });
    const org = await buildOrg(t, owner.id);
    await addMember(t, org, staff.id, "staff");
    const cookieOf = async (email: string) => (await signInAt(t, LAN, LAN, email)).headers.get("set-cookie")!.split(";")[0]!;
    expect((await send(t.app, "GET", "/api/me", { cookie: await cookieOf(owner.email) })).json.appUrl).toBe("http://localhost:3000");
    expect((await send(t.app, "GET", "/api/me", { cookie: await cookieOf(staff.email) })).json.appUrl).toBeNull();
  });
});
