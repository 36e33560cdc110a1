import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, stopApp } from "./support/app-process.js";
import { Client, startWriters } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";
import { readContents } from "./support/verify.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm run backup` / `npm run restore` as an operator runs them: the built commands, DATABASE_URL set. */
async function command(name: "backup" | "restore", databaseUrl: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`dist/server/${name}.js`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

let cluster: PrivatePostgres;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "contactbook-backup-"));
  cluster = await startPrivatePostgres();
});
afterAll(() => {
  cluster?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(["sqlite", "postgres"] as const)("backup and restore (%s)", (engine) => {
  it("a backup taken during writes restores every write acknowledged before it started", async () => {
    const live = engine === "sqlite" ? `sqlite:${join(dir, "live.db")}` : await cluster.createDatabase("live");
    const app = await startApp({ DATABASE_URL: live });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const writers = startWriters(client, orgId, 4);
    while (writers.acked.length < 100) await sleep(20);
    const ackedBefore = writers.acked.map((a) => a.id);
    const file = join(dir, `contactbook-${engine}.backup`);
    const backup = await command("backup", live, [file]);
    // Writes go on during the backup and after it.
    const ackedDuring = writers.acked.length - ackedBefore.length;
    await sleep(200);
    await writers.stop();
    await stopApp(app);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backed up the ${engine} database to ${file}`);
    expect(writers.statuses).toEqual({ 201: writers.acked.length });

    const restored = engine === "sqlite" ? `sqlite:${join(dir, "restored.db")}` : await cluster.createDatabase("restored");
    const restore = await command("restore", restored, [file]);
    expect(restore.code, restore.output).toBe(0);
    const contents = await readContents(restored, orgId, ackedBefore);
    expect(contents.missing).toEqual([]);
    expect(contents.counter).toBe(contents.active);
    expect(contents.active).toBeGreaterThanOrEqual(ackedBefore.length);
    expect(contents.active).toBeLessThanOrEqual(ackedBefore.length + ackedDuring + 4);

    // The restored database runs: the same admin signs in and sees the same book.
    const again = await startApp({ DATABASE_URL: restored });
    const reader = new Client(again.baseUrl);
    expect(await reader.signInAdmin()).toBe(orgId);
    expect((await reader.request("GET", `/api/orgs/${orgId}/contacts/counts`)).json.all).toBe(contents.active);
    await stopApp(again);

    // Restoring over a database that holds accounts needs --force.
    const refused = await command("restore", live, [file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/^Refusing to overwrite .* holds 1 account\(s\).*--force/m);
    const forced = await command("restore", live, [file, "--force"]);
    expect(forced.code, forced.output).toBe(0);
    expect((await readContents(live, orgId, [])).active).toBe(contents.active);
  });
});
