import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type AppProcess, startApp, stopApp } from "./support/app-process.js";
import { type Answer, Client, requestsWritten, startWriters } from "./support/client.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.js";
import { readContents } from "./support/verify.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: PrivatePostgres;
const dirs: string[] = [];
beforeAll(async () => {
  cluster = await startPrivatePostgres();
});
afterAll(() => {
  cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh database of either engine, by URL. */
async function freshDatabase(engine: "sqlite" | "postgres", name: string) {
  if (engine === "postgres") return cluster.createDatabase(name);
  const dir = mkdtempSync(join(tmpdir(), "contactbook-fault-"));
  dirs.push(dir);
  return `sqlite:${join(dir, "contactbook.db")}`;
}

/**
 * Opens keep-alive connections to the app (fetch pools them; `count` requests at once open nearly
 * as many), so the requests that follow travel on connections the app has accepted, as a browser's
 * do. A connection still in the kernel's queue when the app stops accepting is refused, by design.
 */
async function openConnections(app: AppProcess, count: number) {
  const client = new Client(app.baseUrl);
  await Promise.all(Array.from({ length: count }, () => client.request("GET", "/api/health/live")));
}

/** A GET on a connection of its own (no keep-alive pool): its status, or the connection error code. */
function onNewConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** Enough contacts that a page of 200 costs the server milliseconds, as a real book's does. */
async function seedContacts(client: Client, orgId: string, count: number) {
  const writers = startWriters(client, orgId, 8);
  while (writers.acked.length < count) await sleep(20);
  await writers.stop();
}

/** Answers by status (and error code), or by the connection error for those that got none. */
const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.error ?? [a.status, a.json?.error?.code].filter(Boolean).join(" ");
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** Sign-ins hash a password each (scrypt on one low-priority thread), so a burst stays in flight a while. */
function signInBurst(app: AppProcess, count: number): Promise<Answer>[] {
  return Array.from({ length: count }, () =>
    new Client(app.baseUrl).request("POST", "/api/auth/sign-in/password", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  );
}

describe.each(["sqlite", "postgres"] as const)("process faults (%s)", (engine) => {
  it("kill -9 during writes: after a restart every acknowledged write is there and the counter is exact", async () => {
    const url = await freshDatabase(engine, `kill_${engine}`);
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    const writers = startWriters(client, orgId, 6);
    while (writers.acked.length < 150) await sleep(20);
    app.child.kill("SIGKILL");
    await app.exited;
    await writers.stop();
    const acked = writers.acked.map((a) => a.id);

    const again = await startApp({ DATABASE_URL: url });
    const contents = await readContents(url, orgId, acked);
    expect(contents.missing).toEqual([]);
    expect(contents.counter).toBe(contents.active);
    // The app's own answer agrees, and it takes writes again.
    const reader = new Client(again.baseUrl);
    await reader.signInAdmin();
    expect((await reader.request("GET", `/api/orgs/${orgId}/contacts/counts`)).json.all).toBe(contents.active);
    expect((await reader.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: "After", phone: "+442071234567" })).status).toBe(201);
    expect((await stopApp(again)).code).toBe(0);
  });

  it("SIGTERM lets in-flight requests finish, refuses new connections, and exits 0", async () => {
    const url = await freshDatabase(engine, `term_${engine}`);
    const app = await startApp({ DATABASE_URL: url });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    await openConnections(app, 60);
    // Eight sign-ins: they take turns on the hashing threads, and past MAX_HASH_WAIT_MS the server answers
    // 503 by design. On CI's two cores one takes about 270 ms, so twenty ran past that bar.
    const inFlight = [...signInBurst(app, 8), ...Array.from({ length: 10 }, () => client.request("GET", `/api/orgs/${orgId}/contacts`))];
    // The sign-ins queue for hashing, so most of them are still in flight when the signal comes; the wait
    // lets every request reach the server first on a busy machine (one not yet connected is a new one).
    await sleep(150);
    app.child.kill("SIGTERM");
    // New connections are refused within moments, while the sign-ins are still being answered.
    let late: number | string = 0;
    for (let i = 0; i < 20 && late !== "ECONNREFUSED"; i++) {
      await sleep(50);
      late = await onNewConnection(`${app.baseUrl}/api/health/live`);
    }
    const answers = await Promise.all(inFlight);
    expect(
      answers.map((a) => a.status),
      `${app.baseUrl} ${answers.map((a) => `${a.status}:${Math.round(a.ms)}`).join(" ")} ${app.output().slice(-800)}`,
    ).toEqual(answers.map(() => 200));
    expect(late).toBe("ECONNREFUSED");
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(app.output()).toMatch(/stopped: every request finished/);
  });
});

// The review's case: a busy worker had not read these requests when a timer closed their "idle"
// connections, or had not accepted their connections when the listener closed (libuv accepts one a
// loop iteration): 30-40 of 100 were reset, and the process still exited 0.
describe.each([
  ["sqlite", 1],
  ["sqlite", 2],
  ["postgres", 1],
] as const)("SIGTERM with 100 list requests on the wire (%s, %i worker(s))", (engine, workers) => {
  it("answers every one of them in full and exits 0", async () => {
    const url = await freshDatabase(engine, `drain_${engine}_${workers}`);
    // On PostgreSQL the requests take turns on 10 pooled connections, and the connect timeout bounds
    // that wait too: on a machine shared with other work, the last ones would wait longer than 3 s.
    const app = await startApp({ DATABASE_URL: url, WEB_CONCURRENCY: String(workers), DATABASE_CONNECT_TIMEOUT: "15" });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    await seedContacts(client, orgId, 300);
    await openConnections(app, 100);
    const written = requestsWritten();
    const inFlight = Array.from({ length: 100 }, () => client.request("GET", `/api/orgs/${orgId}/contacts?limit=200`));
    // On the wire: every request written to its socket (on a busy machine the client itself lags).
    while (requestsWritten() - written < 100) await sleep(5);
    await sleep(150);
    app.child.kill("SIGTERM");
    const answers = await Promise.all(inFlight);
    expect(tally(answers), app.output().slice(-800)).toEqual({ 200: 100 });
    expect(answers.map((a) => a.json.items.length)).toEqual(answers.map(() => 200));
    expect(await app.exited).toEqual({ code: 0, signal: null });
  });
});

describe("shutdown", () => {
  it("exits non-zero and names what it cut when the grace runs out", async () => {
    const app = await startApp({ DATABASE_URL: await freshDatabase("sqlite", "grace"), SHUTDOWN_GRACE_SECONDS: "0.3" });
    await openConnections(app, 80);
    const burst = signInBurst(app, 40);
    await sleep(50);
    app.child.kill("SIGTERM");
    const answers = await Promise.all(burst);
    expect((await app.exited).code).toBe(1);
    expect(answers.some((a) => a.status === 0)).toBe(true);
    expect(app.output()).toMatch(/shutdown grace ran out: cutting requests still in flight .*POST \/api\/auth\/sign-in\/password/);
  });

  it("with WEB_CONCURRENCY=2, SIGTERM to the primary drains both workers and exits 0", async () => {
    const app = await startApp({ DATABASE_URL: await freshDatabase("sqlite", "cluster"), WEB_CONCURRENCY: "2" });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    await openConnections(app, 52);
    const inFlight = [...signInBurst(app, 16), ...Array.from({ length: 10 }, () => client.request("GET", `/api/orgs/${orgId}/contacts`))];
    await sleep(50);
    app.child.kill("SIGTERM");
    const answers = await Promise.all(inFlight);
    const [signIns, reads] = [answers.slice(0, 16), answers.slice(16)];
    expect(reads.map((a) => a.status)).toEqual(reads.map(() => 200));
    // Each sign-in is answered in full: signed in, or, on a machine so loaded that the hashing queue
    // would wait too long, told to retry (503 BUSY, the sign-in storm's answer). None is cut, and none
    // is told the server is restarting.
    for (const a of signIns)
      expect(a.status === 200 || (a.status === 503 && a.json?.error?.code === "BUSY"), JSON.stringify(tally(signIns))).toBe(true);
    expect(signIns.some((a) => a.status === 200)).toBe(true);
    expect(await app.exited).toEqual({ code: 0, signal: null });
  });
});

describe("a read-only SQLite file", () => {
  it("refuses to start with a message naming the file, and starts once it is writable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "contactbook-readonly-"));
    dirs.push(dir);
    const file = join(dir, "contactbook.db");
    await openDatabase(`sqlite:${file}`).destroy();
    // Root writes anything, so as root the app runs as an unprivileged user, as it should in production.
    const asRoot = process.getuid?.() === 0;
    const user = asRoot ? "nobody" : undefined;
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "nobody"]).toString());
      const gid = Number(execFileSync("id", ["-g", "nobody"]).toString());
      chmodSync(dir, 0o755);
      chownSync(dir, uid, gid);
      chownSync(file, uid, gid);
    }
    chmodSync(file, 0o444);
    const env = { DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir };
    const refused = await startApp(env, { waitReady: false, ...(user ? { user } : {}) });
    expect((await refused.exited).code).toBe(1);
    expect(refused.output()).toContain(`The SQLite database ${file} cannot be written`);

    // What an operator does: the file and the -wal/-shm files SQLite made beside it with its mode.
    for (const name of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(name)) chmodSync(name, 0o644);
    const app = await startApp(env, user ? { user } : {}).catch((error) => {
      throw new Error(`${error.message}\n${execFileSync("ls", ["-la", dir]).toString()}`);
    });
    const client = new Client(app.baseUrl);
    const orgId = await client.signInAdmin();
    expect((await client.request("POST", `/api/orgs/${orgId}/contacts`, { first_name: "Writable", phone: "+442071234568" })).status).toBe(
      201,
    );
    await stopApp(app);
  });
});
