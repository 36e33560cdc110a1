import { afterEach, describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";

const DAY = 24 * 3600 * 1000;

describe.each(engines)("reading the session of a request (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function signedIn() {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    const session = await t.database.db.selectFrom("sessions").selectAll().where("userId", "=", user.id).executeTakeFirstOrThrow();
    return { user, cookie, session };
  }
  const setExpiry = (id: string, at: number) =>
    t.database.db
      .updateTable("sessions")
      .set({ expiresAt: new Date(at).toISOString() })
      .where("id", "=", id)
      .execute();

  it("accepts the signed cookie, and refuses it with a signature that does not match", async () => {
    const { user, cookie } = await signedIn();
    expect((await send(t.app, "GET", "/api/me", { cookie })).json.user.id).toBe(user.id);
    const tampered = cookie.replace(/\.([A-Za-z0-9+/%]{4})/, (_m, sig: string) => `.${sig.split("").reverse().join("")}`);
    expect(tampered).not.toBe(cookie);
    expect((await send(t.app, "GET", "/api/me", { cookie: tampered })).status).toBe(401);
  });

  it("ends at once when the session is revoked or expired", async () => {
    const { cookie, session } = await signedIn();
    await setExpiry(session.id, Date.now() - 1000);
    expect((await send(t.app, "GET", "/api/me", { cookie })).status).toBe(401);
    const again = await signedIn();
    await t.database.db.deleteFrom("sessions").where("id", "=", again.session.id).execute();
    expect((await send(t.app, "GET", "/api/me", { cookie: again.cookie })).status).toBe(401);
  });

  it("still pushes the expiry out once a day, as Better Auth does", async () => {
    const { cookie, session } = await signedIn();
    await setExpiry(session.id, Date.now() + 5 * DAY);
    expect((await send(t.app, "GET", "/api/me", { cookie })).status).toBe(200);
    const row = await t.database.db.selectFrom("sessions").select("expiresAt").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
  });
});
