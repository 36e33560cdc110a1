import { type IncomingHttpHeaders, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/migrate.js";
import { openDatabase } from "../db/database.js";
import { buildDeps } from "../deps.js";
import { createApp } from "../app.js";
import { createMemoryLogger } from "../logger.js";
import { startWebhookWorker } from "../services/webhooks/worker.js";
import { eventually } from "../test/eventually.js";
import { type TestApp, createTestApp, createTestDatabase, engines, testConfig } from "../test/harness.js";
import { orgWithRoles } from "../test/org-roles.js";
import { send, signIn } from "../test/requests.js";
import { csvOf, upload } from "../test/uploads.js";
import { buildOrg, buildUser } from "../test/factories.js";

interface Received {
  path: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP endpoint on this machine, recording what it receives and answering `answer()`. */
async function receiver() {
  const received: Received[] = [];
  // A status to answer with, or "hang" (never answers).
  let answer = (_body: string): number | "hang" => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url, headers: req.headers, body });
      const status = answer(body);
      if (status === "hang") return;
      res.writeHead(status, { "content-type": "text/plain", location: "/elsewhere" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    answerWith(fn: (body: string) => number | "hang") {
      answer = fn;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const verify = (secret: string, r: Received) =>
  new StandardWebhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  }) as { type: string; timestamp: string; data: any };

const fast = { retryScheduleMs: [50, 50, 50], pollMs: 50 };

describe.each(engines)("webhooks API (%s)", (engine) => {
  let t: TestApp;
  let org: string;
  let otherOrg: string;
  let admin: string;
  let staff: string;
  let outsider: string;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let worker: { stop(): Promise<void> };

  beforeAll(async () => {
    t = await createTestApp(engine, { WEBHOOK_ALLOW_PRIVATE: "true" });
    Object.assign(t.config.webhooks, fast);
    ({ org, otherOrg, admin, staff, outsider } = await orgWithRoles(t));
    hook = await receiver();
    worker = startWebhookWorker(t.deps);
  });
  afterAll(async () => {
    await hook?.close();
    await worker?.stop();
    await t?.close();
  });

  const api = (method: string, path: string, body?: unknown, cookie = admin, orgId = org) =>
    send(t.app, method, `/api/orgs/${orgId}${path}`, { cookie, body });
  const forType = (type: string) => hook.received.filter((r) => JSON.parse(r.body).type === type);

  it("registers an endpoint, shows its secret once, and delivers a created contact signed (verified independently)", async () => {
    const created = await api("POST", "/webhooks", { url: hook.url, events: ["contact.created", "group.*"] });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.json;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(webhook).toMatchObject({ url: hook.url, enabled: true });
    expect(webhook.events).toEqual([
      "contact.created",
      "group.created",
      "group.updated",
      "group.deleted",
      "group.members_added",
      "group.member_removed",
    ]);
    const list = await api("GET", "/webhooks");
    expect(list.json.items.map((w: any) => w.id)).toContain(webhook.id);
    expect(list.text).not.toContain(secret.slice(6));

    const contact = await api("POST", "/contacts", { first_name: "Ada", last_name: "Lovelace", phone: "5551234567" }, staff);
    expect(contact.status).toBe(201);
    const [delivery] = await eventually(
      () => forType("contact.created"),
      (list) => list.length === 1,
    );
    const payload = verify(secret, delivery!);
    expect(payload.type).toBe("contact.created");
    expect(payload.data.contact).toEqual(contact.json.contact);
    expect(delivery!.headers["content-type"]).toBe("application/json");

    const log = await eventually(
      () => api("GET", `/webhooks/${webhook.id}/deliveries`),
      (res) => res.json.items[0]?.status === "delivered",
    );
    expect(log.json.items[0]).toMatchObject({ event: "contact.created", status_code: 200, attempt: 1, response_excerpt: "thanks" });
    expect(log.json.items[0].duration_ms).toBeGreaterThanOrEqual(0);

    // A group event through group.*; an event not subscribed to (contact.updated) is not sent.
    await api("PATCH", `/contacts/${contact.json.contact.id}`, { version: 1, first_name: "Ada B." }, staff);
    const group = await api("POST", "/groups", { name: "Board" }, staff);
    const [groupEvent] = await eventually(
      () => forType("group.created"),
      (list) => list.length === 1,
    );
    expect(verify(secret, groupEvent!).data.group).toMatchObject({ id: group.json.id, name: "Board" });
    expect(forType("contact.updated")).toHaveLength(0);
  });

  it("reports a create-or-merge as contact.merged, a restore from the trash, and a finished import", async () => {
    const { webhook, secret } = (
      await api("POST", "/webhooks", { url: hook.url, events: ["contact.merged", "contact.restored", "import.completed"] })
    ).json;
    const first = (await api("POST", "/contacts", { first_name: "Grace", phone: "5554443333" }, staff)).json.contact;
    const merged = await api("POST", "/contacts", { first_name: "Grace", phone: "5554443333", email: "grace@example.com" }, staff);
    expect(merged.json.merged).toBe(true);
    await api("DELETE", `/contacts/${first.id}`, undefined, staff);
    await api("POST", `/contacts/${first.id}/restore`, undefined, admin);
    const run = await upload(
      t.app,
      `/api/orgs/${org}/imports`,
      { bytes: csvOf(["name", "phone"], [{ name: "Imp Orted", phone: "5558887777" }]), name: "people.csv" },
      {},
      staff,
    );
    expect(run.status).toBeLessThan(300);
    const events = await eventually(
      () =>
        hook.received.filter(
          (r) =>
            r.headers["webhook-signature"] && ["contact.merged", "contact.restored", "import.completed"].includes(JSON.parse(r.body).type),
        ),
      (list) => list.length >= 3,
    );
    const byType = Object.fromEntries(events.map((r) => [JSON.parse(r.body).type, verify(secret, r).data]));
    expect(byType["contact.merged"].contact).toMatchObject({ id: first.id, email: "grace@example.com" });
    expect(byType["contact.restored"].contact).toMatchObject({ id: first.id, deleted_at: null });
    expect(byType["import.completed"].import).toMatchObject({ file_name: "people.csv", imported: 1 });
    await api("DELETE", `/webhooks/${webhook.id}`);
  });

  it("retries a delivery the endpoint answered 500 with the same webhook-id, then logs it delivered", async () => {
    const { webhook, secret } = (await api("POST", "/webhooks", { url: hook.url, events: ["contact.deleted"] })).json;
    let calls = 0;
    // The first attempt at the deletion's event fails.
    hook.answerWith((body) => (JSON.parse(body).type === "contact.deleted" && ++calls === 1 ? 500 : 200));
    const contact = (await api("POST", "/contacts", { first_name: "Retry", phone: "5559876543" }, staff)).json.contact;
    expect((await api("DELETE", `/contacts/${contact.id}`, undefined, staff)).status).toBe(204);
    const attempts = await eventually(
      () => forType("contact.deleted"),
      (list) => list.length === 2,
    );
    hook.answerWith(() => 200);
    expect(attempts[0]!.headers["webhook-id"]).toBe(attempts[1]!.headers["webhook-id"]);
    expect(verify(secret, attempts[1]!).data.contact).toMatchObject({ id: contact.id });
    const log = await eventually(
      () => api("GET", `/webhooks/${webhook.id}/deliveries`),
      (res) => res.json.items[0]?.status === "delivered",
    );
    expect(log.json.items[0]).toMatchObject({ event: "contact.deleted", attempt: 2, status_code: 200 });
    await api("DELETE", `/webhooks/${webhook.id}`);
  });

  it("does not follow a redirect, and cuts an endpoint that does not answer in time", async () => {
    const { webhook } = (await api("POST", "/webhooks", { url: hook.url, events: ["group.members_added", "group.member_removed"] })).json;
    const saved = t.config.webhooks.timeoutMs;
    t.config.webhooks.timeoutMs = 300;
    hook.answerWith((body) => {
      const type = JSON.parse(body).type;
      return type === "group.members_added" ? 302 : type === "group.member_removed" ? "hang" : 200;
    });
    try {
      const group = (await api("POST", "/groups", { name: "Movers" }, staff)).json;
      const contact = (await api("POST", "/contacts", { first_name: "Mo", phone: "5552223333" }, staff)).json.contact;
      await api("POST", `/groups/${group.id}/members`, { contact_ids: [contact.id] }, staff);
      await api("DELETE", `/groups/${group.id}/members/${contact.id}`, undefined, staff);
      const log = await eventually(
        () => api("GET", `/webhooks/${webhook.id}/deliveries`),
        (res) => res.json.items.length === 2 && res.json.items.every((d: any) => d.attempt >= 1 && d.error),
      );
      const byEvent = Object.fromEntries(log.json.items.map((d: any) => [d.event, d]));
      expect(byEvent["group.members_added"]).toMatchObject({ status_code: 302, error: "HTTP 302", status: "pending" });
      expect(byEvent["group.member_removed"]).toMatchObject({ status_code: null, error: "No answer within 0.3 seconds" });
      // The redirect's target was never asked for.
      expect(hook.received.filter((r) => r.path !== "/hook")).toEqual([]);
    } finally {
      t.config.webhooks.timeoutMs = saved;
      hook.answerWith(() => 200);
      await api("DELETE", `/webhooks/${webhook.id}`);
    }
  });

  it("sends a test event on request, and sends nothing to a disabled endpoint", async () => {
    const { webhook, secret } = (await api("POST", "/webhooks", { url: hook.url, events: ["import.completed"] })).json;
    expect((await api("POST", `/webhooks/${webhook.id}/test`)).status).toBe(202);
    const [test] = await eventually(
      () => forType("webhook.test"),
      (list) => list.length === 1,
    );
    expect(verify(secret, test!).data.webhook_id).toBe(webhook.id);
    // Finished deliveries leave the log once old enough (here: all of them, as of a moment from now).
    await eventually(
      () => api("GET", `/webhooks/${webhook.id}/deliveries`),
      (res) => res.json.items[0]?.status === "delivered",
    );
    expect(await t.repos.webhookQueue.prune(new Date(Date.now() + 1000).toISOString(), 10_000)).toBeGreaterThan(0);
    expect((await api("GET", `/webhooks/${webhook.id}/deliveries`)).json.items).toEqual([]);
    const off = await api("PATCH", `/webhooks/${webhook.id}`, { enabled: false });
    expect(off.json.webhook.enabled).toBe(false);
    expect((await api("POST", `/webhooks/${webhook.id}/test`)).status).toBe(409);
    expect((await api("DELETE", `/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await api("GET", `/webhooks/${webhook.id}/deliveries`)).status).toBe(404);
  });

  it("refuses private, loopback, link-local and metadata destinations at registration (400)", async () => {
    t.config.webhooks.allowPrivate = false;
    try {
      for (const url of [
        hook.url,
        "http://localhost/hook",
        "http://10.1.2.3/x",
        "http://192.168.0.10/x",
        "http://169.254.169.254/latest/meta-data",
        "http://100.64.0.1/x",
        "http://[::1]/x",
        "http://[fd00:ec2::254]/x",
        "http://[::ffff:127.0.0.1]/x",
      ]) {
        const res = await api("POST", "/webhooks", { url, events: ["contact.created"] });
        expect(res.status, url).toBe(400);
        expect(res.json.error.message).toMatch(/private or local address/);
      }
      const ftp = await api("POST", "/webhooks", { url: "ftp://example.com/x", events: ["contact.created"] });
      expect(ftp.status).toBe(400);
      expect(ftp.json.error.message).toBe("The URL must start with http:// or https://");
    } finally {
      t.config.webhooks.allowPrivate = true;
    }
  });

  it("checks the destination again at delivery time: an endpoint now private is not contacted", async () => {
    const { webhook } = (await api("POST", "/webhooks", { url: hook.url, events: ["group.deleted"] })).json;
    t.config.webhooks.allowPrivate = false;
    try {
      const before = hook.received.length;
      const group = (await api("POST", "/groups", { name: "Gone soon" }, staff)).json;
      await api("DELETE", `/groups/${group.id}`, undefined, staff);
      const log = await eventually(
        () => api("GET", `/webhooks/${webhook.id}/deliveries`),
        (res) => res.json.items[0]?.attempt >= 1 && res.json.items[0]?.error !== null,
      );
      expect(log.json.items[0].error).toMatch(/private or local address/);
      expect(log.json.items[0].status_code).toBeNull();
      expect(hook.received.slice(before).filter((r) => JSON.parse(r.body).type === "group.deleted")).toHaveLength(0);
    } finally {
      t.config.webhooks.allowPrivate = true;
      await api("DELETE", `/webhooks/${webhook.id}`);
    }
  });

  it("answers 403 to staff and 404 to other organizations", async () => {
    const { webhook } = (await api("POST", "/webhooks", { url: hook.url, events: ["contact.created"] })).json;
    for (const [method, path, body] of [
      ["GET", "/webhooks"],
      ["POST", "/webhooks", { url: hook.url, events: ["contact.created"] }],
      ["PATCH", `/webhooks/${webhook.id}`, { enabled: false }],
      ["DELETE", `/webhooks/${webhook.id}`],
      ["GET", `/webhooks/${webhook.id}/deliveries`],
      ["POST", `/webhooks/${webhook.id}/test`],
    ] as const) {
      const res = await api(method, path, body, staff);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.error.message).toBe("Only the owner and admins can manage webhooks");
      expect((await api(method, path, body, outsider)).status, `${method} ${path} outsider`).toBe(404);
    }
    // The outsider's own organization does not reach this one's endpoint either.
    expect((await api("PATCH", `/webhooks/${webhook.id}`, { enabled: false }, outsider, otherOrg)).status).toBe(404);
    expect((await api("GET", `/webhooks/${webhook.id}/deliveries`, undefined, outsider, otherOrg)).status).toBe(404);
    expect((await api("GET", "/webhooks")).json.items.find((w: any) => w.id === webhook.id).enabled).toBe(true);
    const audit = await api("GET", "/audit?action=WEBHOOK_CREATED");
    expect(audit.status).toBe(200);
    expect(audit.json.items.length).toBeGreaterThan(0);
  });

  it("turns off an endpoint failing for longer than the limit and tells the owner", async () => {
    const { webhook } = (await api("POST", "/webhooks", { url: hook.url, events: ["group.updated"] })).json;
    const saved = t.config.webhooks.disableAfterMs;
    t.config.webhooks.disableAfterMs = 0;
    hook.answerWith(() => 503);
    try {
      const group = (await api("POST", "/groups", { name: "Flaky" }, staff)).json;
      await api("PATCH", `/groups/${group.id}`, { name: "Flaky 2" }, staff);
      const list = await eventually(
        () => api("GET", "/webhooks"),
        (res) => res.json.items.find((w: any) => w.id === webhook.id)?.enabled === false,
      );
      expect(list.json.items.find((w: any) => w.id === webhook.id).disabled_reason).toMatch(/failed for a day/);
      const notes = await send(t.app, "GET", "/api/me/notifications", { cookie: admin });
      expect(JSON.stringify(notes.json)).toContain("A webhook was turned off");
    } finally {
      t.config.webhooks.disableAfterMs = saved;
      hook.answerWith(() => 200);
    }
  });
});

describe.each(engines)("webhook queue across a restart (%s)", (engine) => {
  it("keeps a delivery queued before a stop and sends it from the next start", async () => {
    const testDb = await createTestDatabase(engine);
    const hook = await receiver();
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: "true" });
    Object.assign(config.webhooks, fast);
    await migrateToLatest(testDb.database, { defaultCountry: config.defaultCountry });
    const open = () => openDatabase(testDb.url, testDb.searchPath ? { searchPath: testDb.searchPath } : {});
    try {
      // First life: the change is made and queued; the process stops before any worker runs.
      const first = { ...buildDeps(config, open(), createMemoryLogger()) };
      const t1 = { app: createApp(first), auth: first.auth, repos: first.repos, deps: first, config } as unknown as TestApp;
      const owner = await buildUser(t1);
      const orgId = await buildOrg(t1, owner.id);
      const cookie = await signIn(t1.app, owner.email, owner.password);
      const { secret } = (
        await send(t1.app, "POST", `/api/orgs/${orgId}/webhooks`, { cookie, body: { url: hook.url, events: ["contact.created"] } })
      ).json;
      const contact = (
        await send(t1.app, "POST", `/api/orgs/${orgId}/contacts`, { cookie, body: { first_name: "Kept", phone: "5550001111" } })
      ).json.contact;
      await first.live.close();
      await first.database.destroy();
      expect(hook.received).toHaveLength(0);

      // Second life on the same database: the worker finds and sends it.
      const second = buildDeps(config, open(), createMemoryLogger());
      const worker = startWebhookWorker(second);
      try {
        const [delivered] = await eventually(
          () => hook.received,
          (list) => list.length === 1,
        );
        expect(verify(secret, delivered!).data.contact).toEqual(contact);
      } finally {
        await worker.stop();
        await second.live.close();
        await second.database.destroy();
      }
    } finally {
      await hook.close();
      await testDb.drop();
    }
  });

  it("sends each event once when two instances deliver from one database", async () => {
    const testDb = await createTestDatabase(engine);
    const hook = await receiver();
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: "true" });
    Object.assign(config.webhooks, fast);
    await migrateToLatest(testDb.database, { defaultCountry: config.defaultCountry });
    const open = () => openDatabase(testDb.url, testDb.searchPath ? { searchPath: testDb.searchPath } : {});
    const instances = [buildDeps(config, open(), createMemoryLogger()), buildDeps(config, open(), createMemoryLogger())];
    try {
      const [a] = instances;
      const t1 = { app: createApp(a!), auth: a!.auth, repos: a!.repos, deps: a, config } as unknown as TestApp;
      const owner = await buildUser(t1);
      const orgId = await buildOrg(t1, owner.id);
      const cookie = await signIn(t1.app, owner.email, owner.password);
      const { webhook } = (
        await send(t1.app, "POST", `/api/orgs/${orgId}/webhooks`, { cookie, body: { url: hook.url, events: ["contact.created"] } })
      ).json;
      const EVENTS = 40;
      for (let i = 0; i < EVENTS; i++) {
        await send(t1.app, "POST", `/api/orgs/${orgId}/contacts`, {
          cookie,
          body: { first_name: `Twin ${i}`, phone: `555000${String(1000 + i)}` },
        });
      }
      const workers = instances.map((deps) => startWebhookWorker(deps));
      try {
        await eventually(
          () => send(t1.app, "GET", `/api/orgs/${orgId}/webhooks/${webhook.id}/deliveries`, { cookie }),
          (res) => res.json.items.length === EVENTS && res.json.items.every((d: any) => d.status === "delivered"),
        );
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const ids = hook.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
    } finally {
      for (const deps of instances) {
        await deps.live.close();
        await deps.database.destroy();
      }
      await hook.close();
      await testDb.drop();
    }
  });
});
