import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, startApp, stopApp } from "./support/app-process.js";
import { Client, startWriters } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";
import { readContents } from "./support/verify.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npm run backup` / `npm run restore` as an operator runs them: the built commands, DATABASE_URL set. */
async function command(name: "backup" | "restore", databaseUrl: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`dist/server/${name}.js`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dir, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const withPassword = (url: string, password: string) => url.replace("postgres@", `postgres:${password}@`);

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

    // Trust authentication ignores the password: it is here to be kept out of the messages.
    const restored =
      engine === "sqlite" ? `sqlite:${join(dir, "restored.db")}` : withPassword(await cluster.createDatabase("restored"), "Pass-Word-9");
    const restore = await command("restore", restored, [file]);
    expect(restore.code, restore.output).toBe(0);
    const into =
      engine === "sqlite"
        ? `the SQLite database ${join(dir, "restored.db")}`
        : `the PostgreSQL database restored on 127.0.0.1:${cluster.port}`;
    expect(restore.output).toContain(`Restored ${file} into ${into}. Start Contactbook again.`);
    expect(restore.output).not.toContain("Pass-Word-9");
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

describe("restore messages", () => {
  it("PostgreSQL: a database that does not exist gets one line naming the createdb to run", async () => {
    const file = join(dir, "empty.dump");
    expect((await command("backup", await cluster.createDatabase("empty"), [file])).code).toBe(0);
    const missing = withPassword(cluster.url("absent"), "Pass-Word-9");
    const restore = await command("restore", missing, [file]);
    expect(restore.code).toBe(1);
    expect(restore.output).toBe(
      `The PostgreSQL database absent on 127.0.0.1:${cluster.port} does not exist. ` +
        `Create it first: createdb -h 127.0.0.1 -p ${cluster.port} -U postgres absent, then run the restore again.\n`,
    );

    // A file that is no dump: pg_restore's own reason, on one line, no stack.
    const notDump = join(dir, "not-a-dump.db");
    writeFileSync(notDump, "not a dump");
    const wrong = await command("restore", await cluster.createDatabase("target"), [notDump]);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(
      /^Nothing was restored \(pg_restore ran in one transaction\): pg_restore failed \(exit 1\): .*valid archive/,
    );
    expect(wrong.output).not.toMatch(/\n\s+at /);
  });

  it("SQLite into a new folder: says a new secret would sign everyone out and end app passwords; with the old auth-secret copied, both go on", async () => {
    // As an operator runs it: DATA_DIR and AUTH_SECRET unset, so the secret lives beside the database.
    const asOperator = { DATA_DIR: "", AUTH_SECRET: "" };
    const oldDir = mkdtempSync(join(dir, "old-"));
    const newDir = mkdtempSync(join(dir, "new-"));
    const live = `sqlite:${join(oldDir, "contactbook.db")}`;
    const app = await startApp({ DATABASE_URL: live, ...asOperator });
    const client = new Client(app.baseUrl);
    await client.signInAdmin();
    const phone = await client.request("POST", "/api/me/app-passwords", { name: "Phone" });
    expect(phone.status).toBe(201);
    const appPassword = phone.json.password as string;
    const file = join(dir, "moved.db");
    expect((await command("backup", live, [file], asOperator)).code).toBe(0);
    await stopApp(app);

    const moved = `sqlite:${join(newDir, "contactbook.db")}`;
    const restore = await command("restore", moved, [file], asOperator);
    expect(restore.code, restore.output).toBe(0);
    const secretFile = join(newDir, "auth-secret");
    expect(restore.output).toBe(
      `Restored ${file} into the SQLite database ${join(newDir, "contactbook.db")}. Start Contactbook again.\n` +
        `Note: AUTH_SECRET is not set and ${secretFile} does not exist, so Contactbook will make a new secret and everyone ` +
        "will have to sign in again and make new app passwords for their devices (e-mailed links keep working). To avoid it, copy " +
        `auth-secret from the old data folder to ${secretFile} or set AUTH_SECRET to the old one before starting.\n`,
    );
    expect(existsSync(secretFile)).toBe(false);

    // Started as it is, the restored book signs the old session out, and the phone's app password (a keyed
    // hash under the secret) no longer opens it.
    expect(await statuses(moved, asOperator, client.cookie, appPassword)).toEqual({ session: 401, phone: 401 });

    // With the old secret copied over, the same session and the phone go on, and a restore says nothing more.
    copyFileSync(join(oldDir, "auth-secret"), secretFile);
    expect(await statuses(moved, asOperator, client.cookie, appPassword)).toEqual({ session: 200, phone: 207 });
    const again = await command("restore", moved, [file, "--force"], asOperator);
    expect(again.code, again.output).toBe(0);
    expect(again.output).not.toContain("Note:");
  });
});

/** Starts the app on `databaseUrl`: the status of GET /api/me with `cookie`, and of a phone's PROPFIND with `appPassword`. */
async function statuses(databaseUrl: string, env: Record<string, string>, cookie: string, appPassword: string) {
  const app = await startApp({ DATABASE_URL: databaseUrl, ...env });
  const client = new Client(app.baseUrl);
  client.cookie = cookie;
  try {
    const session = (await client.request("GET", "/api/me")).status;
    const basic = Buffer.from(`${ADMIN_EMAIL}:${appPassword}`).toString("base64");
    const dav = await fetch(`${app.baseUrl}/dav/`, { method: "PROPFIND", headers: { authorization: `Basic ${basic}`, depth: "0" } });
    return { session, phone: dav.status };
  } finally {
    await stopApp(app);
  }
}
