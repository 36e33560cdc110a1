import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { buildUser } from "../test/factories.js";
import { send, signIn } from "../test/requests.js";
import { useSmtpSink } from "../test/smtp-sink.js";

describe("edges of the HTTP surface", () => {
  let t: TestApp;
  let webDir: string;
  const sink = useSmtpSink();
  beforeAll(() => {
    webDir = mkdtempSync(join(tmpdir(), "contactbook-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Contactbook</title>");
    writeFileSync(join(webDir, "assets", "app-1234.js"), "console.log(1)");
  });
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));
  afterEach(() => t?.close());

  it("a missing asset is a 404, never index.html with a year-long immutable cache", async () => {
    t = await createTestApp("sqlite", { WEB_DIR: webDir });
    const missing = await t.app.request("/assets/nope.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control") ?? "").not.toContain("immutable");
    const asset = await t.app.request("/assets/app-1234.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await t.app.request("/icon-missing.png")).status).toBe(404);
    // Navigations still get the app, whose router shows its own 404 page.
    const page = await t.app.request("/contacts/anything");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Contactbook</title>");
  });

  it("the client log takes a few anonymous lines a minute, each capped", async () => {
    t = await createTestApp("sqlite");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await send(t.app, "POST", "/api/client-log/not-found", { body: { path: `/missing/${"x".repeat(1500)}` } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const lines = t.log.lines.filter((l) => l.message === "page not found");
    expect(lines).toHaveLength(10);
    expect(String(lines[0]!.fields!.path).length).toBeLessThanOrEqual(300);
  });

  it("Better Auth's session endpoint (token, address, user agent as JSON) is closed like the rest", async () => {
    t = await createTestApp("sqlite");
    const user = await buildUser(t);
    const cookie = await signIn(t.app, user.email, user.password);
    for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/sign-up/email"]) {
      const res = await send(t.app, "GET", path, { cookie });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.text).not.toContain(cookie.split("=")[1]!.slice(0, 20));
    }
  });

  it.each(engines)("a reset request answers the same for known and unknown addresses, and mails only the known (%s)", async (engine) => {
    t = await createTestApp(engine, { SMTP_URL: sink.url });
    const user = await buildUser(t, { email: "known@example.com" });
    const known = await send(t.app, "POST", "/api/account/password-reset/request", { body: { email: user.email } });
    const unknown = await send(t.app, "POST", "/api/account/password-reset/request", { body: { email: "unknown@example.com" } });
    expect([known.status, known.text]).toEqual([unknown.status, unknown.text]);
    expect((await sink.waitFor(user.email)).subject).toBe("Reset your Contactbook password");
    expect(sink.mails.some((m) => m.to.includes("unknown@example.com"))).toBe(false);
  });

  // The timing leak: the known address's token write used to happen before the answer. With the token
  // table locked by another connection, that write cannot finish: the answer must not wait for it.
  // (PostgreSQL only: SQLite's busy wait would stall the test process itself.)
  if (engines.includes("postgres")) {
    it("a reset request for a known address answers while its token cannot even be written yet (postgres)", async () => {
      t = await createTestApp("postgres", { SMTP_URL: sink.url });
      const user = await buildUser(t, { email: "known@example.com" });
      const locker = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL!, options: `-c search_path=${t.database.schema}` });
      await locker.connect();
      try {
        await locker.query("begin");
        await locker.query("lock table verifications in exclusive mode");
        const answered = await Promise.race([
          send(t.app, "POST", "/api/account/password-reset/request", { body: { email: user.email } }).then((r) => r.status),
          new Promise((resolve) => setTimeout(() => resolve("still waiting"), 2000)),
        ]);
        expect(answered).toBe(200);
        expect(sink.mails).toEqual([]);
        await locker.query("commit");
        expect((await sink.waitFor(user.email, 10_000)).subject).toBe("Reset your Contactbook password");
      } finally {
        await locker.end();
      }
    });
  }
});
