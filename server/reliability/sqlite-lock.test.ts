import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { poll } from "../test/poll.js";
import { startApp, stopApp } from "./support/app-process.js";
import { Client } from "./support/client.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), "contactbook-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an operator's sqlite3 shell holding the write lock for 8 s (two workers)", () => {
  it("liveness and reads keep answering in both workers; a write waits for the lock or answers 503 busy", async () => {
    const file = join(dir, "contactbook.db");
    const app = await startApp({ DATABASE_URL: `sqlite:${file}`, WEB_CONCURRENCY: "2" });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    let phone = 0;
    const create = (name: string) =>
      client.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: name, phone: `+4420712350${phone++}` });
    expect((await create("Before")).status).toBe(201);

    // What `sqlite3 contactbook.db` then `BEGIN IMMEDIATE;` does, from this process.
    const shell = new Database(file);
    shell.exec("begin immediate");
    const released = sleep(8000).then(() => shell.exec("rollback"));
    const liveness = poll(100, () => client.request("GET", "/api/health/live"));
    const reads = poll(250, () => client.request("GET", `/api/orgs/${orgId}/contacts`));
    const [refused, waited] = await Promise.all([create("Refused"), sleep(5000).then(() => create("Waited")), released]);
    const live = await liveness.stop();
    const read = await reads.stop();
    shell.close();

    expect(new Set(live.answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(live.worst).toBeLessThan(1000);
    expect(new Set(read.answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(read.worst).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({ code: "DATABASE_UNAVAILABLE", message: "The database is busy. Please try again." });
    expect(waited.status).toBe(201);
    expect((await create("After")).status).toBe(201);
    expect((await client.request("GET", "/api/health")).status).toBe(200);
    await stopApp(app);
    expect(app.output()).toMatch(/ERROR database busy \{"cause":"SQLite: database is locked"\}/);
  });
});
