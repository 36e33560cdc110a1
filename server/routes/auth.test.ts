import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { PASSWORD, buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("sign-in and closed sign-up (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t, { email: "Ann@Example.com" });
    const res = await send(t.app, "POST", "/api/auth/sign-in/password", { body: { email: "ann@example.com", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ id: user.id, email: "ann@example.com" });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^contactbook\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    t = await createTestApp(engine, { APP_URL: "https://contacts.example.org" });
    await buildUser(t, { email: "sec@example.com" });
    const res = await send(t.app, "POST", "/api/auth/sign-in/password", {
      body: { email: "sec@example.com", password: PASSWORD },
      headers: { origin: "https://contacts.example.org" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("refuses a wrong password and an unknown address with the same message", async () => {
    t = await createTestApp(engine);
    await buildUser(t, { email: "bob@example.com" });
    const wrong = await send(t.app, "POST", "/api/auth/sign-in/password", { body: { email: "bob@example.com", password: "nope-nope-1" } });
    const unknown = await send(t.app, "POST", "/api/auth/sign-in/password", {
      body: { email: "who@example.com", password: "nope-nope-1" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe("Invalid email or password");
    expect(unknown.json.message).toBe(wrong.json.message);
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("answers 429 once the sign-in limit for a client address is used up, and other addresses still get in", async () => {
    t = await createTestApp(engine, { SIGN_IN_RATE_LIMIT: "3/60", TRUST_PROXY: "true" });
    await buildUser(t, { email: "carol@example.com" });
    const attempt = (ip: string, password = "wrong-wrong-1") =>
      send(t.app, "POST", "/api/auth/sign-in/password", {
        body: { email: "carol@example.com", password },
        headers: { "x-forwarded-for": ip },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt("203.0.113.7")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password is refused while limited.
    expect((await attempt("203.0.113.7", PASSWORD)).status).toBe(429);
    expect((await attempt("198.51.100.9", PASSWORD)).status).toBe(200);
  });

  it("does not take the client address from X-Forwarded-For unless TRUST_PROXY is set", async () => {
    t = await createTestApp(engine, { SIGN_IN_RATE_LIMIT: "2/60" });
    await buildUser(t, { email: "dan@example.com" });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await send(t.app, "POST", "/api/auth/sign-in/password", {
        body: { email: "dan@example.com", password: "wrong-wrong-1" },
        headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it("has no sign-up: the endpoint is not reachable and creates nobody", async () => {
    t = await createTestApp(engine);
    const res = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "new@example.com", password: "Some-password-1", name: "New" },
    });
    expect(res.status).toBe(404);
    expect(await t.repos.users.count()).toBe(0);
  });

  it.each([
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/update-user"],
    ["POST", "/api/auth/delete-user"],
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/change-email"],
    ["POST", "/api/auth/revoke-sessions"],
  ])("keeps Better Auth's %s %s closed", async (method, path) => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const res = await send(t.app, method, path, { cookie, body: method === "POST" ? { name: "x", email: "x@example.com" } : undefined });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("refuses state-changing requests from another origin or without one", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const body = { email: user.email, password: user.password };
    const evil = await send(t.app, "POST", "/api/auth/sign-in/password", { body, headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    const res = await t.app.request("/api/auth/sign-in/password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(403);
    const sameOrigin = await t.app.request("/api/auth/sign-in/password", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(body),
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("signs out: the session no longer opens /api/me", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await send(t.app, "GET", "/api/me", { cookie })).status).toBe(200);
    const out = await send(t.app, "POST", "/api/auth/sign-out", { cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await send(t.app, "GET", "/api/me", { cookie })).status).toBe(401);
  });
});
