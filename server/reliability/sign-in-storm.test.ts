import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashingBusy } from "../auth/password-hashing.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, stopApp } from "./support/app-process.js";
import { type Answer, Client, startWriters } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const busy = hashingBusy(1);

let cluster: PrivatePostgres;
const dir = mkdtempSync(join(tmpdir(), "contactbook-storm-"));
beforeAll(async () => {
  cluster = await startPrivatePostgres();
});
afterAll(() => {
  cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A client reading list pages as fast as it can: four at a time, again as soon as they are answered. */
function reader(client: Client, orgId: string) {
  let running = true;
  let pages = 0;
  const loop = (async () => {
    while (running) {
      await Promise.all(Array.from({ length: 4 }, () => client.request("GET", `/api/orgs/${orgId}/contacts?limit=100`)));
      pages += 4;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return pages;
    },
  };
}

// The review's case: beside two clients reading as fast as they can, both cores are busy and the
// low-priority hashing threads get a tenth of a core each: 50 sign-ins took 15-20 s (p95).
describe.each(["sqlite", "postgres"] as const)("a sign-in storm while both cores are busy (%s, two workers)", (engine) => {
  it("answers each of 50 sign-ins at once within 10 s: signed in, or 503 with Retry-After", async () => {
    const url = engine === "sqlite" ? `sqlite:${join(dir, "storm.db")}` : await cluster.createDatabase("storm");
    const app = await startApp({ DATABASE_URL: url, WEB_CONCURRENCY: "2" });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const writers = startWriters(client, orgId, 8);
    while (writers.acked.length < 300) await sleep(20);
    await writers.stop();

    const readers = [reader(client, orgId), reader(client, orgId)];
    await sleep(1000);
    const signIns: Answer[] = await Promise.all(
      Array.from({ length: 50 }, () =>
        new Client(app.baseUrl).request("POST", "/api/auth/sign-in/password", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, 60_000),
      ),
    );
    const pages = await Promise.all(readers.map((r) => r.stop()));
    await stopApp(app);

    const slowest = Math.max(...signIns.map((a) => a.ms));
    const summary = { statuses: signIns.map((a) => a.status), slowest, pages };
    expect(slowest, JSON.stringify(summary)).toBeLessThan(10_000);
    for (const answer of signIns) {
      if (answer.status === 200) continue;
      expect(answer.status, JSON.stringify(summary)).toBe(503);
      expect(answer.json.error).toEqual({ code: busy.code, message: busy.message });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(signIns.filter((a) => a.status === 200).length).toBeGreaterThan(0);
  });
});
