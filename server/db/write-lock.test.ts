import Database from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { App } from "../app.js";
import { buildOrg, buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { poll } from "../test/poll.js";
import { send, signIn } from "../test/requests.js";
import { SQLITE_BUSY_BUDGET_MS } from "./sqlite-busy.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Another connection taking the write lock and keeping it: an operator's `sqlite3` shell in `BEGIN
 * IMMEDIATE` (a second handle on the file, in this process: a wait inside a synchronous call of the
 * app would stall this test too, which is the point), or a session holding an exclusive lock on
 * PostgreSQL's contacts table. Returns the release.
 */
async function holdWriteLock(t: TestApp): Promise<() => Promise<void>> {
  if (t.database.engine === "sqlite") {
    const other = new Database(t.database.file!);
    other.exec("begin immediate");
    return async () => {
      other.exec("rollback");
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL!, options: `-c search_path=${t.database.schema}` });
  await other.connect();
  await other.query("begin");
  await other.query("lock table contacts in exclusive mode");
  return async () => {
    await other.query("rollback");
    await other.end();
  };
}

async function timed(request: Promise<Awaited<ReturnType<typeof send>>>) {
  const started = performance.now();
  const res = await request;
  return { ...res, ms: performance.now() - started };
}

let phones = 0;
const createContact = (app: App, orgId: string, cookie: string, name: string) =>
  timed(send(app, "POST", `/api/orgs/${orgId}/contacts`, { cookie, body: { first_name: name, phone: `+4420712340${phones++}` } }));

describe.each(engines)("another connection holding the write lock for 8 s (%s)", (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  it("liveness answers within a second and reads go on; a write waits for the lock, and answers 503 once the budget is spent", async () => {
    t = await createTestApp(engine);
    const user = await buildUser(t);
    const orgId = await buildOrg(t, user.id);
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await createContact(t.app, orgId, cookie, "Before")).status).toBe(201);

    const release = await holdWriteLock(t);
    const released = sleep(8000).then(release);
    const liveness = poll(100, async () => (await send(t.app, "GET", "/api/health/live")).status);
    const reads = poll(250, async () => (await send(t.app, "GET", `/api/orgs/${orgId}/contacts`, { cookie })).status);
    // The first write waits the whole budget while the lock stays taken; the second starts 5 s in
    // and goes through when the lock is released at 8 s, within its own budget.
    const refused = createContact(t.app, orgId, cookie, "Refused");
    const waited = sleep(5000).then(() => createContact(t.app, orgId, cookie, "Waited"));
    const [first, second] = await Promise.all([refused, waited, released]);
    const live = await liveness.stop();
    const read = await reads.stop();

    expect(live.answers.length).toBeGreaterThan(50);
    expect(new Set(live.answers)).toEqual(new Set([200]));
    expect(live.worst).toBeLessThan(1000);
    expect(new Set(read.answers)).toEqual(new Set([200]));
    expect(read.worst).toBeLessThan(1000);

    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("5");
    expect(first.json.error).toEqual({
      code: "DATABASE_UNAVAILABLE",
      // PostgreSQL's wait is bounded by the statement timeout (DATABASE_STATEMENT_TIMEOUT, 5 s).
      ...(engine === "sqlite"
        ? { message: "The database is busy. Please try again.", reason: "The database is busy." }
        : { message: "The database is unavailable. Please try again.", reason: "The database did not answer in time." }),
    });
    expect(first.ms).toBeGreaterThan(SQLITE_BUSY_BUDGET_MS - 500);
    expect(second.status).toBe(201);

    // Afterwards: writes go through at once, readiness is back, and the episode was logged once.
    expect((await createContact(t.app, orgId, cookie, "After")).status).toBe(201);
    expect((await send(t.app, "GET", "/api/health")).status).toBe(200);
    const names = (await send(t.app, "GET", `/api/orgs/${orgId}/contacts`, { cookie })).json.items.map(
      (c: { first_name: string }) => c.first_name,
    );
    expect(names.sort()).toEqual(["After", "Before", "Waited"]);
    const episode = engine === "sqlite" ? "busy" : "timeout";
    expect(t.log.lines.filter((l) => l.level === "error").map((l) => l.message)).toEqual([`database ${episode}`]);
    expect(t.log.lines.at(-1)).toMatchObject({ level: "info", message: `database ${episode} episode over` });
  });
});
