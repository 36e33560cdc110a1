// npm run bench:load — the built app as `npm start` runs it, under a mixed load (70% list pages, 20%
// searches, 10% creates and edits) at 20, 50 and 100 connections, then a sign-in storm (50 at once)
// beside list pages. SQLite always; PostgreSQL too with BENCH_DATABASE_URL (a fresh database is
// created on that server and dropped after). BENCH_CONTACTS (20000), BENCH_SECONDS (15),
// BENCH_CONNECTIONS (20,50,100), BENCH_WORKERS (WEB_CONCURRENCY, default: the number of cores).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createAuth } from "../server/auth/auth.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { createMemoryLogger } from "../server/logger.js";
import { createMailer } from "../server/mail/mailer.js";
import { bootstrapFirstAdmin } from "../server/services/bootstrap.js";
import { freePort } from "../server/reliability/support/ports.js";
import { seedContacts } from "./seed-contacts.js";

const SIZE = Number(process.env.BENCH_CONTACTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? "20,50,100").split(",").map(Number);
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const EMAIL = "bench@example.com";
const PASSWORD = "Bench-Password-1";
const SORTS = ["last_name", "name", "first_name", "recent", "favorite", "created", "updated"];
const TERMS = ["smith", "lindqvist", "maria", "acme", "clinic", "johnson", "berg", "ton", "volunteer", "58", "555", "garcia"];

interface Row { engine: string; scenario: string; connections: number; rps: number; p50: number; p95: number; p99: number; errors: number; requests: number }
const rows: Row[] = [];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function prepare(engine: "sqlite" | "postgres") {
  let url: string;
  let file: string | null = null;
  let drop = async () => {};
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "contactbook-load-"));
    file = join(dir, "load.db");
    url = `sqlite:${file}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const admin = process.env.BENCH_DATABASE_URL!;
    const name = `contactbook_load_${randomBytes(4).toString("hex")}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await run(`create database ${name}`);
    const target = new URL(admin);
    target.pathname = `/${name}`;
    url = target.toString();
    drop = () => run(`drop database ${name} with (force)`);
  }
  const database = openDatabase(url, { timeouts: null });
  await migrateToLatest(database);
  const config = loadConfig({ DATABASE_URL: url, AUTH_SECRET: "bench-secret-".padEnd(48, "x"), DATA_DIR: tmpdir(), ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD });
  const auth = createAuth(config, database, createMailer({ smtpUrl: undefined, from: "x <x@x>" }, database, createMemoryLogger()));
  await bootstrapFirstAdmin(config, database, auth);
  const org = await database.db.selectFrom("organizations").select("id").executeTakeFirstOrThrow();
  const started = performance.now();
  await seedContacts(database, file, org.id, 0, SIZE);
  console.log(`${engine}: seeded ${SIZE} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.destroy();
  return { url, orgId: org.id, drop };
}

async function startServer(url: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), APP_URL: base, DATABASE_URL: url, WEB_CONCURRENCY: String(WORKERS), SIGN_IN_RATE_LIMIT: "1000000/60", AUTH_SECRET: "bench-secret-".padEnd(48, "x"), DATA_DIR: tmpdir() },
    stdio: ["ignore", "ignore", "inherit"],
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

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/sign-in/password`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** One autocannon run; every response time is kept, so p95 is exact. */
async function load(options: autocannon.Options): Promise<{ times: number[]; result: autocannon.Result }> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return { times: times.sort((a, b) => a - b), result };
}

function record(engine: string, scenario: string, connections: number, run: { times: number[]; result: autocannon.Result }) {
  const errors = run.result.errors + run.result.timeouts + run.result.non2xx;
  const row = { engine, scenario, connections, rps: run.times.length / SECONDS, p50: percentile(run.times, 50), p95: percentile(run.times, 95), p99: percentile(run.times, 99), errors, requests: run.times.length };
  rows.push(row);
  console.log(`${engine.padEnd(8)} ${scenario.padEnd(26)} c=${String(connections).padStart(3)}  ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  errors ${errors}`);
}

function mixed(base: string, orgId: string, cookie: string, connections: number, seconds: number): autocannon.Options {
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
          if (r < 0.7) return { ...req, method: "GET", path: `${api}/contacts?sort=${SORTS[n++ % SORTS.length]}&limit=50`, headers: headers() };
          if (r < 0.9) return { ...req, method: "GET", path: `${api}/contacts?q=${TERMS[n++ % TERMS.length]}`, headers: headers() };
          if (r < 0.95) {
            const i = n++;
            return { ...req, method: "POST", path: `${api}/contacts`, headers: headers(), body: JSON.stringify({ first_name: "Load", last_name: `Test ${i}`, phone: `+4420${String(60_000_000 + (i % 9_999_999)).padStart(8, "0")}` }) };
          }
          const id = `bench-${String(Math.floor(Math.random() * SIZE)).padStart(8, "0")}`;
          return { ...req, method: "POST", path: `${api}/contacts/${id}/favorite`, headers: headers(), body: JSON.stringify({ is_favorite: Math.random() < 0.5 }) };
        },
      },
    ],
  };
}

async function runEngine(engine: "sqlite" | "postgres") {
  const { url, orgId, drop } = await prepare(engine);
  const { base, child } = await startServer(url);
  try {
    const cookie = await signIn(base);
    await load(mixed(base, orgId, cookie, 20, 3)); // warm-up
    for (const connections of LEVELS) record(engine, "mixed 70/20/10", connections, await load(mixed(base, orgId, cookie, connections, SECONDS)));

    // A sign-in storm: 50 sign-ins at once, over and over, beside 10 connections reading list pages.
    const listOnly = { ...mixed(base, orgId, cookie, 10, SECONDS), requests: [{ method: "GET" as const, path: `/api/orgs/${orgId}/contacts?limit=50`, headers: { cookie } }] };
    const quiet = await load(listOnly);
    record(engine, "list pages, quiet", 10, quiet);
    const storm = load({ url: `${base}/api/auth/sign-in/password`, connections: 50, duration: SECONDS, method: "POST", headers: { origin: base, "content-type": "application/json" }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
    const during = await load(listOnly);
    record(engine, "list pages, sign-in storm", 10, during);
    record(engine, "sign-ins (the storm)", 50, await storm);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES?.split(",") ?? (process.env.BENCH_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"])) as ("sqlite" | "postgres")[];
console.log(`Contactbook load benchmark, ${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), ${SIZE} contacts, WEB_CONCURRENCY=${WORKERS}, ${SECONDS} s per run`);
for (const engine of engines) await runEngine(engine);
console.log("\n| engine | scenario | connections | req/s | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---:|---:|---:|---:|---:|---:|");
for (const r of rows) console.log(`| ${r.engine} | ${r.scenario} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
process.exit(0);
