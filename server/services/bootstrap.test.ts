import { afterEach, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { bootstrapFirstAdmin, formatBootstrapBanner } from "./bootstrap.js";

describe.each(engines)("first-run bootstrap (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("creates admin@localhost with a generated password that signs in, owning 'My Organization'", async () => {
    t = await createTestApp(engine);
    const result = await bootstrapFirstAdmin(t.deps, { adminEmail: undefined, adminPassword: undefined });
    expect(result?.email).toBe("admin@localhost");
    expect(result?.generatedPassword).toMatch(/^[\w-]{16}$/);
    const banner = formatBootstrapBanner(result!, t.config.appUrl);
    expect(banner).toContain(result!.generatedPassword);
    expect(banner.split("\n")[0]).toMatch(/^=+$/);

    const cookie = await signIn(t.app, "admin@localhost", result!.generatedPassword!);
    const me = await send(t.app, "GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe("admin@localhost");
    expect(me.json.organizations).toEqual([expect.objectContaining({ name: "My Organization", role: "admin", isOwner: true })]);
  });

  it("uses ADMIN_EMAIL and ADMIN_PASSWORD when set, and runs only once", async () => {
    t = await createTestApp(engine);
    const config = { adminEmail: "boss@example.com", adminPassword: "Chosen-Password-1" };
    const first = await bootstrapFirstAdmin(t.deps, config);
    expect(first).toEqual({ email: "boss@example.com" });
    await signIn(t.app, "boss@example.com", "Chosen-Password-1");

    const again = await bootstrapFirstAdmin(t.deps, { adminEmail: "other@example.com", adminPassword: "Another-Pass-2" });
    expect(again).toBeNull();
    expect(await t.repos.users.count()).toBe(1);
    const orgs = await t.database.db.selectFrom("organizations").selectAll().execute();
    expect(orgs).toHaveLength(1);
  });

  it("asks the first administrator once for their name and the organization's: answered or skipped, never again", async () => {
    t = await createTestApp(engine);
    await bootstrapFirstAdmin(t.deps, { adminEmail: "first@example.com", adminPassword: "Office-Key-2026" });
    const cookie = await signIn(t.app, "first@example.com", "Office-Key-2026");
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.welcomePending).toBe(true);

    const done = await send(t.app, "POST", "/api/me/welcome/done", { cookie });
    expect(done.status).toBe(200);
    expect(done.json).toEqual({ welcomePending: false });
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.welcomePending).toBe(false);
    // Asked again (a second tab): still done, still answered.
    expect((await send(t.app, "POST", "/api/me/welcome/done", { cookie })).status).toBe(200);
  });

  it("does not ask anyone else: an invited member's account has no welcome pending", async () => {
    t = await createTestApp(engine);
    const other = await buildUser(t, { email: "member@example.com" });
    const cookie = await signIn(t.app, other.email, other.password);
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.welcomePending).toBe(false);
  });
});
