// Shared by bench:load and bench:soak: a seeded database, the built app as a process, autocannon runs.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { FALLBACK_COUNTRY } from "../shared/phone.js";
import { createMemoryLogger } from "../server/logger.js";
import { buildDeps } from "../server/deps.js";
import { bootstrapFirstAdmin } from "../server/services/bootstrap.js";
import { freePort } from "../server/reliability/support/ports.js";
import { seedContacts } from "./seed-contacts.js";

export const SIZE = Number(process.env.BENCH_CONTACTS ?? 20_000);
export const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
export const EMAIL = "bench@example.com";
export const PASSWORD = "Bench-Secret-Key-1";
const SORTS = ["last_name", "name", "first_name", "recent", "favorite", "created", "updated"];
const TERMS = ["smith", "lindqvist", "maria", "acme", "clinic", "johnson", "berg", "ton", "volunteer", "58", "555", "garcia"];

export interface Row {
  engine: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/**
 * A fresh database of `size` seeded contacts. Seeding a million takes minutes; with BENCH_SEED_CACHE=<dir>
 * the first run keeps a copy (a file for SQLite, a template database for PostgreSQL) that later runs start
 * from, so a benchmark can be repeated after each change.
 */
export async function prepare(engine: "sqlite" | "postgres", size = SIZE) {
  const cacheDir = process.env.BENCH_SEED_CACHE;
  let url: string;
  let file: string | null = null;
  let drop: () => Promise<unknown>;
  let cached = false;
  let keep: () => Promise<void> = async () => {};
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "contactbook-load-"));
    file = join(dir, "load.db");
    url = `sqlite:${file}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
    if (cacheDir) {
      const copy = join(cacheDir, `sqlite-${size}.db`);
      if (existsSync(copy)) {
        copyFileSync(copy, file);
        // On disk before the server starts: else the kernel writes the copy (2 GB at a million) back
        // during the measured work, and runs of the same code differed by a quarter.
        const fd = openSync(file, "r+");
        fsyncSync(fd);
        closeSync(fd);
        cached = true;
      } else
        keep = async () => {
          mkdirSync(cacheDir, { recursive: true });
          copyFileSync(file!, copy);
        };
    }
  } else {
    const admin = process.env.BENCH_DATABASE_URL!;
    const name = `contactbook_load_${randomBytes(4).toString("hex")}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      const result = await client.query(statement);
      await client.end();
      return result;
    };
    const template = `contactbook_seed_${size}`;
    cached = Boolean(cacheDir) && (await run(`select 1 from pg_database where datname = '${template}'`)).rowCount === 1;
    // A file copy, on disk before the server starts (as SQLite's copy): copied through the log (the
    // default), the 2 GB of a million's copy were written back and checkpointed during the measured work.
    await run(cached ? `create database ${name} template ${template} strategy file_copy` : `create database ${name}`);
    if (cached) await run("checkpoint");
    if (cacheDir && !cached) keep = async () => void (await run(`create database ${template} template ${name}`));
    const target = new URL(admin);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = () => run(`drop database ${name} with (force)`);
  }
  const database = openDatabase(url, { timeouts: null });
  await migrateToLatest(database, { defaultCountry: FALLBACK_COUNTRY });
  if (cached) {
    const org = await database.db.selectFrom("organizations").select("id").executeTakeFirstOrThrow();
    await database.destroy();
    console.log(`${engine}: ${size} contacts from the seed cache`);
    return { url, orgId: org.id, drop };
  }
  const config = loadConfig({
    DATABASE_URL: url,
    AUTH_SECRET: "bench-secret-".padEnd(48, "x"),
    DATA_DIR: tmpdir(),
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
  });
  await bootstrapFirstAdmin(buildDeps(config, database, createMemoryLogger()), config);
  const org = await database.db.selectFrom("organizations").select("id").executeTakeFirstOrThrow();
  const started = performance.now();
  await seedContacts(database, file, org.id, 0, size);
  console.log(`${engine}: seeded ${size} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.destroy();
  await keep();
  return { url, orgId: org.id, drop };
}

export async function startServer(url: string, extraEnv: Record<string, string> = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: base,
      DATABASE_URL: url,
      WEB_CONCURRENCY: String(WORKERS),
      SIGN_IN_RATE_LIMIT: "1000000/60",
      AUTH_SECRET: "bench-secret-".padEnd(48, "x"),
      DATA_DIR: tmpdir(),
      ...extraEnv,
    },
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/** Starts bench/bare-server.mjs (`workers` processes) on a free port. */
export async function startBareServer(workers = 1) {
  const port = await freePort();
  const child = spawn(process.execPath, ["bench/bare-server.mjs"], {
    env: { ...process.env, PORT: String(port), WORKERS: String(workers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", () => reject(new Error("bare server exited")));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

export async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/sign-in/password`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** One autocannon run; every response time is kept, so p95 is exact. */
export async function load(options: autocannon.Options): Promise<{ times: number[]; result: autocannon.Result }> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return { times: times.sort((a, b) => a - b), result };
}

/** Figures of one run; errors are connection errors, timeouts and non-2xx answers. */
export function summarize(
  engine: string,
  scenario: string,
  connections: number,
  seconds: number,
  run: { times: number[]; result: autocannon.Result },
): Row {
  const errors = run.result.errors + run.result.timeouts + run.result.non2xx;
  return {
    engine,
    scenario,
    connections,
    rps: run.times.length / seconds,
    p50: percentile(run.times, 50),
    p95: percentile(run.times, 95),
    p99: percentile(run.times, 99),
    errors,
    requests: run.times.length,
  };
}

export function mixed(base: string, orgId: string, cookie: string, connections: number, seconds: number): autocannon.Options {
  let n = Math.floor(Math.random() * 1e6);
  const baseHeaders = { cookie, origin: base, "content-type": "application/json" };
  // A copy per request: autocannon writes Content-Length into the headers object it is given.
  const headers = () => ({ ...baseHeaders });
  const api = `/api/orgs/${orgId}`;
  return {
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const r = Math.random();
          if (r < 0.7)
            return { ...req, method: "GET", path: `${api}/contacts?sort=${SORTS[n++ % SORTS.length]}&limit=50`, headers: headers() };
          if (r < 0.9) return { ...req, method: "GET", path: `${api}/contacts?q=${TERMS[n++ % TERMS.length]}`, headers: headers() };
          if (r < 0.95) {
            const i = n++;
            return {
              ...req,
              method: "POST",
              path: `${api}/contacts`,
              headers: headers(),
              body: JSON.stringify({
                first_name: "Load",
                last_name: `Test ${i}`,
                phone: `+4420${String(60_000_000 + (i % 9_999_999)).padStart(8, "0")}`,
              }),
            };
          }
          const id = `bench-${String(Math.floor(Math.random() * SIZE)).padStart(8, "0")}`;
          return {
            ...req,
            method: "POST",
            path: `${api}/contacts/${id}/favorite`,
            headers: headers(),
            body: JSON.stringify({ is_favorite: Math.random() < 0.5 }),
          };
        },
      },
    ],
  };
}
