// npm run bench:import — imports into a book that already holds BENCH_CONTACTS (1,000,000) contacts,
// through the built app as a process, as the screens do (upload, then poll until done):
//   - a Google-layout CSV of IMPORT_ROWS (100,000) rows, 1% of them repeating an earlier row's phone;
//   - a vCard 3.0 file of about 10 MB.
// Prints rows/s end to end (upload to summary), the server's memory growth during each import (RSS,
// sampled every 50 ms), the CPU seconds the app (by thread) and a local database server used for it, and
// the chip counts and first list page right after (p50/p95 of 30 requests).
// SQLite by default; BENCH_ENGINES=sqlite,postgres with BENCH_DATABASE_URL for PostgreSQL.
import { readFileSync, readdirSync } from "node:fs";
import { googleCsv, vcards } from "./import-files.js";
import { percentile, prepare, signIn, startServer } from "./load-support.js";
import { cpuSeconds, rssMb, threadCpu } from "./proc.js";

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const VCARD_BYTES = Number(process.env.IMPORT_VCARD_BYTES ?? 10 * 1024 * 1024);
const engines = (process.env.BENCH_ENGINES ?? "sqlite").split(",") as ("sqlite" | "postgres")[];
const BOOK = Number(process.env.BENCH_CONTACTS ?? 1_000_000);

/** CPU seconds of each PostgreSQL process of this machine (none when the server runs elsewhere). */
function databaseCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") used.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return used;
}

/** What cpuMeter measured: CPU seconds of the app (in all and by thread) and of a local database server. */
interface CpuUsed {
  app: number;
  request: number;
  started: number;
  helpers: number;
  database: number;
}

/**
 * The CPU an import cost the app's process and the database server: on a machine whose cores are all busy
 * during an import, this moves less with the machine's other load than the time does. The app's is split
 * by thread: the request thread (plans and, on PostgreSQL, writes), the threads the import started (it
 * prepares rows on one, and on SQLite writes on another; their last figure is the one sampled before they
 * ended) and the threads that were there before it (V8's collector helpers above all). `sample` is
 * called meanwhile.
 */
function cpuMeter(pid: number) {
  const app = cpuSeconds(pid);
  const database = databaseCpu();
  const before = threadCpu(pid);
  const latest = new Map(before);
  const sample = () => {
    for (const [tid, used] of threadCpu(pid)) latest.set(tid, used);
  };
  return {
    sample,
    stop(): CpuUsed {
      sample();
      let db = 0;
      for (const [p, now] of databaseCpu()) db += now - (database.get(p) ?? 0);
      let started = 0;
      let helpers = 0;
      for (const [tid, used] of latest) {
        if (tid === pid) continue;
        if (before.has(tid)) helpers += used - before.get(tid)!;
        else started += used;
      }
      const request = latest.get(pid)! - before.get(pid)!;
      return { app: cpuSeconds(pid) - app, request, started, helpers, database: db };
    },
  };
}

/** One signed-in GET, read to its end: its time in ms. */
async function timedGet(base: string, path: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie, origin: base } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - started;
}

/** p50 and p95 of some times (and the largest, with `withMax`). */
function spread(times: number[], withMax = false) {
  times.sort((a, b) => a - b);
  const line = `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
  return withMax ? `${line}, max ${times.at(-1)!.toFixed(0)} ms` : line;
}

/** What cpuMeter measured, as printed (the database's share only where it runs on this machine). */
const cpuLine = (cpu: CpuUsed) =>
  `CPU: the app ${cpu.app.toFixed(1)} s (request thread ${cpu.request.toFixed(1)}, the import's threads ${cpu.started.toFixed(1)}, ` +
  `others ${cpu.helpers.toFixed(1)})` +
  (cpu.database > 0.5 ? `, the database server ${cpu.database.toFixed(1)} s` : "");

async function timed(base: string, path: string, cookie: string, count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timedGet(base, path, cookie));
  return spread(times);
}

async function importFile(base: string, orgId: string, cookie: string, pid: number, name: string, body: string) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const cpu = cpuMeter(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
    cpu.sample();
  }, 50);
  const colleague = readsMeanwhile(base, orgId, cookie);
  const started = performance.now();
  const form = new FormData();
  form.set("file", new File([body], name));
  const res = await fetch(`${base}/api/orgs/${orgId}/imports`, { method: "POST", body: form, headers: { cookie, origin: base } });
  let run = (await res.json()) as {
    id: string;
    status: string;
    total: number;
    imported: number;
    merged: number;
    failed: number;
    error?: unknown;
  };
  if (!res.ok) throw new Error(`import: ${res.status} ${JSON.stringify(run)}`);
  while (run.status === "running") {
    await new Promise((r) => setTimeout(r, 100));
    run = (await (await fetch(`${base}/api/orgs/${orgId}/imports/${run.id}`, { headers: { cookie, origin: base } })).json()) as typeof run;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = cpu.stop();
  clearInterval(sampler);
  const reads = await colleague.stop();
  // A run that ended early is no figure: say why instead.
  if (run.status !== "done") throw new Error(`${name}: the run ended ${run.status}: ${JSON.stringify(run).slice(0, 2000)}`);
  return { run, seconds, growth: peak - baseline, reads, cpu: used };
}

/**
 * A colleague using the list while the import runs: the first page, five times a second, each timed,
 * and the liveness check a load balancer makes (the import must not stall the other people of the office).
 */
function readsMeanwhile(base: string, orgId: string, cookie: string) {
  const pages: number[] = [];
  const live: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      pages.push(await timedGet(base, `/api/orgs/${orgId}/contacts?limit=50`, cookie));
      live.push(await timedGet(base, "/api/health/live", cookie));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return `first page ${spread(pages, true)} (${pages.length} reads); /api/health/live ${spread(live, true)}`;
    },
  };
}

for (const engine of engines) {
  const { url, orgId, drop } = await prepare(engine, BOOK);
  const { base, child } = await startServer(url, { WEB_CONCURRENCY: "1", IMPORT_MAX_BYTES: String(64 * 1024 * 1024) });
  try {
    const cookie = await signIn(base);
    const csv = googleCsv(ROWS);
    const csvRun = await importFile(base, orgId, cookie, child.pid!, "google.csv", csv);
    const counts = await timed(base, `/api/orgs/${orgId}/contacts/counts`, cookie, 30);
    const list = await timed(base, `/api/orgs/${orgId}/contacts?limit=50`, cookie, 30);
    // Search right after a large import, its newest index segments the least merged.
    const search = await timed(base, `/api/orgs/${orgId}/contacts?q=smith`, cookie, 30);
    const searchPhone = await timed(base, `/api/orgs/${orgId}/contacts?q=${encodeURIComponent("+44 20 7946 0042")}`, cookie, 30);
    const { text, cards } = vcards(VCARD_BYTES);
    const vcardRun = await importFile(base, orgId, cookie, child.pid!, "contacts.vcf", text);
    const countsAfter = await timed(base, `/api/orgs/${orgId}/contacts/counts`, cookie, 30);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(`\n${engine}, book of ${BOOK} contacts`);
    console.log(
      `  CSV   ${ROWS} rows (${mb(csv.length)} MB): ${csvRun.seconds.toFixed(1)} s, ${Math.round(ROWS / csvRun.seconds)} rows/s; ` +
        `imported ${csvRun.run.imported}, merged ${csvRun.run.merged}, failed ${csvRun.run.failed}; RSS +${csvRun.growth.toFixed(0)} MB`,
    );
    console.log(`        a colleague during it: ${csvRun.reads}`);
    console.log(`        ${cpuLine(csvRun.cpu)}`);
    console.log(`        right after: counts ${counts}; first page ${list}`);
    console.log(`        search "smith" ${search}; search "+44 20 7946 0042" ${searchPhone}`);
    console.log(
      `  vCard ${cards} cards (${mb(Buffer.byteLength(text))} MB): ${vcardRun.seconds.toFixed(1)} s, ${Math.round(cards / vcardRun.seconds)} cards/s; ` +
        `imported ${vcardRun.run.imported}, failed ${vcardRun.run.failed}; RSS +${vcardRun.growth.toFixed(0)} MB`,
    );
    console.log(`        ${cpuLine(vcardRun.cpu)}; right after: counts ${countsAfter}`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await drop();
  }
}
