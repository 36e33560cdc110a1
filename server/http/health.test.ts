import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { send, signIn } from "../test/requests.js";

describe.each(engines)("health checks (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers liveness and readiness with a real round trip", async () => {
    t = await createTestApp(engine);
    const live = await send(t.app, "GET", "/api/health/live");
    expect(live.json).toEqual({ status: "ok" });
    // Answered ahead of most middleware, it still carries every API answer's headers and NUL check.
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(live.headers.get("x-frame-options")).toBe("DENY");
    expect((await send(t.app, "GET", "/api/health/live?probe=%00")).status).toBe(400);
    const ready = await send(t.app, "GET", "/api/health");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ok" });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("reports a closed database as unavailable, and liveness stays up", async () => {
    t = await createTestApp(engine);
    await t.database.destroy();
    const ready = await send(t.app, "GET", "/api/health");
    expect(ready.status).toBe(503);
    expect(ready.json.status).toBe("unavailable");
    expect((await send(t.app, "GET", "/api/health/live")).status).toBe(200);
  });
});

describe("a full disk (SQLite stops growing the file at max_page_count, as at a full disk)", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("answers 503 with a clear message, logs 'database or disk is full' once, reports it, and recovers", async () => {
    t = await createTestApp("sqlite");
    const user = await buildUser(t);
    const orgId = await buildOrg(t, user.id);
    const cookie = await signIn(t.app, user.email, user.password);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(t.database.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(t.database.db);

    const notes = "x".repeat(3000);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        await send(t.app, "POST", `/api/orgs/${orgId}/contacts`, {
          cookie,
          body: { first_name: `Full ${i}`, phone: `+4420712300${String(i).padStart(2, "0")}`, notes },
        }),
      );
    }
    const full = answers.filter((a) => a.status === 503);
    expect(full.length).toBeGreaterThan(5);
    expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);
    expect(full[0]!.json.error).toMatchObject({
      code: "STORAGE_FULL",
      message: "The server's disk is full, so nothing can be saved. Please tell your administrator.",
    });
    expect(full[0]!.headers.get("retry-after")).toBe("5");

    const errors = t.log.lines.filter((l) => l.level === "error");
    expect(errors).toEqual([{ level: "error", message: "database disk-full", fields: { cause: "SQLite: database or disk is full" } }]);
    const ready = await send(t.app, "GET", "/api/health");
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ kind: "disk-full", reason: "The disk holding the database is full." });
    // Reads still work, and do not end the episode.
    expect((await send(t.app, "GET", `/api/orgs/${orgId}/contacts`, { cookie })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/health")).status).toBe(503);

    await sql.raw("pragma max_page_count = 1073741823").execute(t.database.db);
    expect(
      (await send(t.app, "POST", `/api/orgs/${orgId}/contacts`, { cookie, body: { first_name: "Room again", phone: "+442071239999" } }))
        .status,
    ).toBe(201);
    expect((await send(t.app, "GET", "/api/health")).status).toBe(200);
    expect(t.log.lines.at(-1)).toMatchObject({ level: "info", message: "database disk-full episode over" });
    // The counter stayed exact through the failed transactions.
    const counts = await send(t.app, "GET", `/api/orgs/${orgId}/contacts/counts`, { cookie });
    expect(counts.json.all).toBe(answers.filter((a) => a.status === 201).length + 1);
  });
});
