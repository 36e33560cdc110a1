import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, stopApp } from "./support/app-process.js";
import { Client } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";
import { readContents } from "./support/verify.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ROWS = 30_000;

let cluster: PrivatePostgres;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contactbook-import-crash-"));
  cluster = await startPrivatePostgres();
});
afterAll(() => {
  cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function bigCsv(): string {
  const lines = ["First Name,Last Name,Mobile Phone,E-mail Address"];
  for (let i = 0; i < ROWS; i++) lines.push(`Crash,Test ${i},+44 7700 ${String(100_000 + i)},crash.${i}@example.com`);
  return `${lines.join("\r\n")}\r\n`;
}

/** Uploads the file as the screens do; answers the run as first reported. */
async function upload(client: Client, orgId: string, csv: string) {
  const form = new FormData();
  form.set("file", new File([csv], "crash.csv"));
  const res = await fetch(`${client.baseUrl}/api/orgs/${orgId}/imports`, {
    method: "POST",
    body: form,
    headers: { cookie: client.cookie, origin: client.baseUrl },
  });
  return (await res.json()) as { id: string; status: string; processed: number; imported: number; merged: number; failed: number };
}

describe.each(["sqlite", "postgres"] as const)("an import cut by kill -9 (%s)", (engine) => {
  it("keeps its committed batches, shows as interrupted, and importing the file again completes it without twins", async () => {
    const url = engine === "sqlite" ? `sqlite:${join(dir, "import.db")}` : await cluster.createDatabase("import_crash");
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const csv = bigCsv();
    const run = await upload(client, orgId, csv);
    expect(run.status).toBe("running");
    // Kill it once at least one batch is committed and the run is not yet done.
    for (;;) {
      const now = await client.request("GET", `/api/orgs/${orgId}/imports/${run.id}`);
      if (now.json.processed > 0) {
        expect(now.json.status).toBe("running");
        break;
      }
      await sleep(20);
    }
    app.child.kill("SIGKILL");
    await app.exited;

    // The committed batches are there (whole: a batch is one transaction), the counter agrees.
    const after = await readContents(url, orgId, []);
    expect(after.active).toBeGreaterThan(0);
    expect(after.active).toBeLessThan(ROWS);
    expect(after.active % 2000).toBe(0);
    expect(after.counter).toBe(after.active);

    // The app shows the run as interrupted once its heartbeat is 20 s old; here we look at once,
    // so it is still 'running' with the committed progress, or 'interrupted' if the heartbeat aged.
    const again = await startApp({ DATABASE_URL: url });
    const reader = new Client(again.baseUrl);
    await reader.signInAdmin();
    const shown = await reader.request("GET", `/api/orgs/${orgId}/imports/${run.id}`);
    expect(["running", "interrupted"]).toContain(shown.json.status);
    expect(shown.json.imported).toBe(after.active);

    let rerun = await upload(reader, orgId, csv);
    while (rerun.status === "running") {
      await sleep(200);
      rerun = (await reader.request("GET", `/api/orgs/${orgId}/imports/${rerun.id}`)).json;
    }
    expect(rerun, again.output().slice(-4000)).toMatchObject({
      status: "done",
      imported: ROWS - after.active,
      merged: after.active,
      failed: 0,
    });
    const final = await readContents(url, orgId, []);
    expect(final.active).toBe(ROWS);
    expect(final.counter).toBe(ROWS);
    await stopApp(again);
  }, 180_000);
});

describe("an import while PostgreSQL restarts", () => {
  it("rides out the restart: the batch the database cut is written again, and the run completes with every row once", async () => {
    const url = await cluster.createDatabase("import_restart");
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const run = await upload(client, orgId, bigCsv());
    expect(run.status).toBe("running");
    for (;;) {
      const now = await client.request("GET", `/api/orgs/${orgId}/imports/${run.id}`);
      if (now.json.processed > 0) break;
      await sleep(20);
    }
    await cluster.restart();
    let done = (await client.request("GET", `/api/orgs/${orgId}/imports/${run.id}`)).json;
    while (done?.status === "running") {
      await sleep(200);
      done = (await client.request("GET", `/api/orgs/${orgId}/imports/${run.id}`)).json;
    }
    expect(done, app.output().slice(-4000)).toMatchObject({ status: "done", imported: ROWS, failed: 0 });
    expect(app.output()).toContain("import batch failed, trying again");
    const final = await readContents(url, orgId, []);
    expect(final.active).toBe(ROWS);
    expect(final.counter).toBe(ROWS);
    await stopApp(app);
  }, 180_000);
});
