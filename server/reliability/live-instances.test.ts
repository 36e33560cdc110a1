import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse } from "../test/sse.js";
import { type AppProcess, startApp, stopApp } from "./support/app-process.js";
import { Client } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens the organization's live stream on `app` with `client`'s session and waits until it is live. */
async function openStream(app: AppProcess, client: Client, orgId: string) {
  const controller = new AbortController();
  const res = await fetch(`${app.baseUrl}/api/orgs/${orgId}/events`, {
    headers: { cookie: client.cookie, origin: app.baseUrl },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const stream = readSse(res);
  await stream.next((f) => f.event === "ready");
  return { stream, close: () => controller.abort() };
}

describe("live updates across app instances on one PostgreSQL database", () => {
  let cluster: PrivatePostgres;
  let first: AppProcess;
  let second: AppProcess;
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const url = await cluster.createDatabase("live");
    first = await startApp({ DATABASE_URL: url });
    second = await startApp({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await Promise.allSettled([first && stopApp(first), second && stopApp(second)]);
    cluster?.destroy();
  });

  it("delivers a change made through one process to a stream on the other, also after PostgreSQL restarts", async () => {
    const writer = new Client(first.baseUrl);
    const reader = new Client(second.baseUrl);
    const orgId = await writer.signInAdmin();
    expect(await reader.signInAdmin()).toBe(orgId);
    const { stream, close } = await openStream(second, reader, orgId);
    try {
      const created = await writer.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: "Across", phone: "5554000001" });
      expect(created.status).toBe(201);
      expect(await stream.event("contact.created")).toMatchObject({ ids: [created.json.contact.id], version: 1 });

      // The listening connection is cut by the restart: once back, the stream is told to refetch
      // (what was sent meanwhile is lost), and changes flow again.
      await cluster.restart();
      const refetch = await stream.next((f) => f.event === "refetch", 20_000);
      expect(JSON.parse(refetch.data)).toEqual({ reason: "reconnected" });
      let again = await writer.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: "After", phone: "5554000002" });
      for (let i = 0; again.status !== 201 && i < 50; i++) {
        await sleep(200);
        again = await writer.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: "After", phone: "5554000002" });
      }
      expect(again.status).toBe(201);
      expect(await stream.event("contact.created", 10_000)).toMatchObject({ ids: [again.json.contact.id] });
    } finally {
      close();
    }
    expect(second.child.exitCode).toBeNull();
  });

  it("answers as an event stream written straight to the socket, and ends it with 'closed' when the session is signed out", async () => {
    const reader = new Client(first.baseUrl);
    const orgId = await reader.signInAdmin();
    const controller = new AbortController();
    const res = await fetch(`${first.baseUrl}/api/orgs/${orgId}/events`, {
      headers: { cookie: reader.cookie, origin: first.baseUrl },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const stream = readSse(res);
    await stream.next((f) => f.event === "ready");
    const out = await reader.request("POST", "/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    const closed = await stream.next((f) => f.event === "closed", 10_000);
    expect(JSON.parse(closed.data)).toEqual({ reason: "signed-out" });
    await stream.closed(10_000);
    controller.abort();
  });

  it("ends open streams at shutdown so the drain is not held (exit code 0)", async () => {
    const reader = new Client(second.baseUrl);
    const orgId = await reader.signInAdmin();
    const { stream } = await openStream(second, reader, orgId);
    const exited = await stopApp(second);
    await stream.closed(10_000);
    expect(exited.code).toBe(0);
  });
});
