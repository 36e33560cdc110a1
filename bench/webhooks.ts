// npx tsx bench/webhooks.ts: webhook delivery throughput. Queues EVENTS contact.created events (contacts
// created through the service, the worker stopped), then starts one delivery worker and times how long
// it takes until a local receiver (node:http, answering 200 at once) has them all: events per second,
// signing and the address check included. SQLite always; PostgreSQL too with BENCH_DATABASE_URL.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { migrateToLatest } from "../server/db/migrate.js";
import { buildDeps } from "../server/deps.js";
import { createMemoryLogger } from "../server/logger.js";
import { createContact } from "../server/services/contacts.js";
import { createWebhook } from "../server/services/webhooks/endpoints.js";
import { startWebhookWorker } from "../server/services/webhooks/worker.js";
import { buildOrg, buildUser } from "../server/test/factories.js";
import { type TestApp, createTestDatabase, testConfig } from "../server/test/harness.js";

const EVENTS = Number(process.env.EVENTS ?? 2000);

async function run(engine: "sqlite" | "postgres") {
  let received = 0;
  let allArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200).end("ok");
      if (++received === EVENTS) allArrived();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  const testDb = await createTestDatabase(engine);
  const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: "true" });
  await migrateToLatest(testDb.database, { defaultCountry: config.defaultCountry });
  const deps = buildDeps(config, testDb.database, createMemoryLogger());
  try {
    const t = { auth: deps.auth, repos: deps.repos } as unknown as TestApp;
    const owner = await buildUser(t);
    const organizationId = await buildOrg(t, owner.id);
    const actor = { userId: owner.id, organizationId, role: "admin" as const, isOwner: true };
    await createWebhook(deps, actor, { url, events: ["contact.created"] });
    const queuedFrom = performance.now();
    for (let i = 0; i < EVENTS; i++)
      await createContact(deps, actor, { first_name: `Bench ${i}`, phone: `555${String(1_000_000 + i)}` }, "new");
    const queueMs = performance.now() - queuedFrom;

    const started = performance.now();
    const worker = startWebhookWorker(deps);
    await arrived;
    const ms = performance.now() - started;
    await worker.stop();
    console.log(
      `${engine}: ${EVENTS} deliveries in ${(ms / 1000).toFixed(2)} s = ${Math.round((EVENTS / ms) * 1000)} events/s` +
        ` (queueing them with their contacts: ${Math.round((EVENTS / queueMs) * 1000)} writes/s; load ${loadavg()[0]!.toFixed(2)})`,
    );
  } finally {
    await deps.live.close();
    await testDb.drop();
    server.close();
  }
}

if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
await run("sqlite");
if (process.env.TEST_DATABASE_URL) await run("postgres");
