// npm run bench:load — the built app as `npm start` runs it, under a mixed load (70% list pages, 20%
// searches, 10% creates and edits) at 20, 50 and 100 connections, then a sign-in storm (50 at once)
// beside list pages. SQLite always; PostgreSQL too with BENCH_DATABASE_URL (a fresh database is
// created on that server and dropped after). BENCH_CONTACTS (20000), BENCH_SECONDS (15),
// BENCH_CONNECTIONS (20,50,100), BENCH_WORKERS (WEB_CONCURRENCY, default: the number of cores).
// A bare Node server (as many processes as the app's workers, one tiny JSON answer) is loaded first at
// each level, and each mixed-load throughput is also given as "x bare": the bare server's requests/s
// over the app's, what one app request costs in bare requests, a ratio that holds on any machine.
import { cpus } from "node:os";
import {
  EMAIL,
  PASSWORD,
  type Row,
  SIZE,
  WORKERS,
  load,
  mixed,
  prepare,
  signIn,
  startBareServer,
  startServer,
  summarize,
} from "./load-support.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? "20,50,100").split(",").map(Number);
const rows: (Row & { xBare?: number })[] = [];
/** The bare server's requests/s at each connection level. */
const bareRps = new Map<number, number>();

function record(engine: string, scenario: string, connections: number, run: Awaited<ReturnType<typeof load>>, saturated = false) {
  const row = summarize(engine, scenario, connections, SECONDS, run);
  const bare = bareRps.get(connections);
  rows.push(saturated && bare ? { ...row, xBare: bare / row.rps } : row);
  console.log(
    `${engine.padEnd(8)} ${scenario.padEnd(26)} c=${String(connections).padStart(3)}  ${row.rps.toFixed(0).padStart(5)} req/s  p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  errors ${row.errors}${saturated && bare ? `  ${(bare / row.rps).toFixed(1)}x bare` : ""}`,
  );
}

async function measureBare() {
  const bare = await startBareServer(WORKERS);
  try {
    await load({ url: bare.base, connections: 20, duration: 3 }); // warm-up
    for (const connections of LEVELS) {
      const run = await load({ url: bare.base, connections, duration: SECONDS });
      record("bare", "bare Node server", connections, run);
      bareRps.set(connections, run.times.length / SECONDS);
    }
  } finally {
    bare.child.kill("SIGTERM");
  }
}

async function runEngine(engine: "sqlite" | "postgres") {
  const { url, orgId, drop } = await prepare(engine);
  const { base, child } = await startServer(url);
  try {
    const cookie = await signIn(base);
    await load(mixed(base, orgId, cookie, 20, 3)); // warm-up
    for (const connections of LEVELS)
      record(engine, "mixed 70/20/10", connections, await load(mixed(base, orgId, cookie, connections, SECONDS)), true);

    // A sign-in storm: 50 sign-ins at once, over and over, beside people reading list pages (200 a
    // second over 10 connections: a busy office, not a load that alone keeps every core busy).
    const listOnly = {
      ...mixed(base, orgId, cookie, 10, SECONDS),
      overallRate: 200,
      requests: [{ method: "GET" as const, path: `/api/orgs/${orgId}/contacts?limit=50`, headers: { cookie } }],
    };
    const quiet = await load(listOnly);
    record(engine, "list pages, quiet", 10, quiet);
    const storm = load({
      url: `${base}/api/auth/sign-in/password`,
      connections: 50,
      duration: SECONDS,
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const during = await load(listOnly);
    record(engine, "list pages, sign-in storm", 10, during);
    record(engine, "sign-ins (the storm)", 50, await storm);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES?.split(",") ?? (process.env.BENCH_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"])) as (
  "sqlite" | "postgres"
)[];
console.log(
  `Contactbook load benchmark, ${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), ${SIZE} contacts, WEB_CONCURRENCY=${WORKERS}, ${SECONDS} s per run`,
);
await measureBare();
for (const engine of engines) await runEngine(engine);
console.log(
  "\n| engine | scenario | connections | req/s | x bare | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---:|---:|---:|---:|---:|---:|---:|",
);
for (const r of rows)
  console.log(
    `| ${r.engine} | ${r.scenario} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.xBare ? r.xBare.toFixed(1) : "-"} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
  );
process.exit(0);
