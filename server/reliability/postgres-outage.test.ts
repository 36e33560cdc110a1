import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, stopApp } from "./support/app-process.js";
import { Client, startWriters } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";
import { readContents } from "./support/verify.js";

const UNAVAILABLE = "The database is unavailable. Please try again.";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe("PostgreSQL going away (a private cluster)", () => {
  let cluster: PrivatePostgres;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
  });
  afterAll(() => cluster?.destroy());

  it("survives restarts under traffic: 503 while it is down, serves again by itself, loses nothing acknowledged", async () => {
    const url = await cluster.createDatabase("restart");
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const writers = startWriters(client, orgId, 4);
    try {
      await until(() => writers.acked.length >= 20, 10_000, "first writes");
      // A plain restart: every pooled connection is terminated under the app.
      await cluster.restart();
      await until(() => writers.acked.length >= 60, 15_000, "writes after the restart");

      // A longer outage, to see what a client meets meanwhile.
      await cluster.stop();
      await sleep(300);
      const health = await client.request("GET", "/api/health");
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({ status: "unavailable", kind: "unavailable", reason: "The database is unavailable." });
      expect((await client.request("GET", "/api/health/live")).status).toBe(200);
      const list = await client.request("GET", `/api/orgs/${orgId}/contacts`);
      expect(list.status).toBe(503);
      expect(list.json.error).toMatchObject({ code: "DATABASE_UNAVAILABLE", message: UNAVAILABLE });
      await sleep(1500);

      const ackedBeforeStart = writers.acked.length;
      const started = Date.now();
      await cluster.start();
      await until(() => writers.acked.length > ackedBeforeStart + 10, 15_000, "writes after PostgreSQL came back");
      // Back within seconds of the database, by itself.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await client.request("GET", "/api/health")).status).toBe(200);
    } finally {
      await writers.stop();
    }
    expect(app.child.exitCode).toBeNull();
    // Every answer was a success or a clear 503: no 500, no reset connection.
    expect(Object.keys(writers.statuses).sort()).toEqual(["201", "503"]);
    for (const failure of writers.failures) expect(failure.json.error.message).toBe(UNAVAILABLE);

    await stopApp(app);
    const contents = await readContents(
      url,
      orgId,
      writers.acked.map((a) => a.id),
    );
    expect(contents.missing).toEqual([]);
    expect(contents.counter).toBe(contents.active);

    // The cause is logged once per episode, without a stack trace per failed request.
    const log = app.output();
    expect(log).toMatch(/ERROR database unavailable/);
    expect(log).not.toMatch(/\n\s+at /);
    expect(log.split("\n").length).toBeLessThan(40);
  });

  it("fails requests within the timeouts while PostgreSQL hangs, and recovers when it resumes", async () => {
    const url = await cluster.createDatabase("hang");
    const app = await startApp({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT: "1", DATABASE_STATEMENT_TIMEOUT: "1" });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    expect((await client.request("GET", `/api/orgs/${orgId}/contacts`)).status).toBe(200);
    cluster.freeze();
    try {
      const [list, health, live] = await Promise.all([
        client.request("GET", `/api/orgs/${orgId}/contacts`),
        client.request("GET", "/api/health"),
        client.request("GET", "/api/health/live"),
      ]);
      // Statement timeout 1 s (+1 s for a server that answers nothing), connect timeout 1 s.
      expect(list.status).toBe(503);
      expect(list.json.error.message).toBe(UNAVAILABLE);
      expect(list.ms).toBeLessThan(4500);
      expect(health.status).toBe(503);
      expect(health.json.reason).toMatch(/did not answer in time|unavailable/);
      expect(health.ms).toBeLessThan(3000);
      expect(live.status).toBe(200);
      expect(live.ms).toBeLessThan(1000);
      // A request needing a new connection is bounded by the connect timeout too.
      const more = await Promise.all(Array.from({ length: 12 }, () => client.request("GET", `/api/orgs/${orgId}/contacts`)));
      for (const res of more) {
        expect(res.status).toBe(503);
        expect(res.ms).toBeLessThan(6000);
      }
    } finally {
      cluster.thaw();
    }
    await until(async () => (await client.request("GET", "/api/health")).status === 200, 10_000, "readiness after thaw");
    expect((await client.request("GET", `/api/orgs/${orgId}/contacts`)).status).toBe(200);
    expect(app.child.exitCode).toBeNull();
    await stopApp(app);
    expect(app.output()).not.toMatch(/\n\s+at /);
  });
});
