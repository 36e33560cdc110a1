// npm run bench:soak — the built app under a steady mixed load for SOAK_MINUTES (30), one line a
// minute: throughput, p95, errors, memory (RSS of every app process) and open files, so a leak or a
// slow drift shows. SQLite, or PostgreSQL with BENCH_ENGINES=postgres and BENCH_DATABASE_URL.
// SOAK_RATE (200 req/s across SOAK_CONNECTIONS, 20), BENCH_WORKERS as for bench:load.
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { SIZE, WORKERS, load, mixed, percentile, prepare, signIn, startServer } from "./load-support.js";
import { rssMb, statFields } from "./proc.js";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 200);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
const engine = (process.env.BENCH_ENGINES ?? "sqlite") as "sqlite" | "postgres";

/** The process and its children (the cluster's workers). */
function tree(pid: number): number[] {
  const all = [pid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(readFileSync(`/proc/${entry}/stat`, "utf8"))[1]) === pid) all.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return all;
}

function usage(pid: number) {
  let rss = 0;
  let fds = 0;
  for (const p of tree(pid)) {
    rss += rssMb(p);
    fds += readdirSync(`/proc/${p}/fd`).length;
  }
  return { rssMb: rss, fds };
}

const { url, orgId, drop } = await prepare(engine);
const { base, child } = await startServer(url);
const cookie = await signIn(base);
console.log(
  `Contactbook soak, ${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, ${engine}, ${SIZE} contacts, WEB_CONCURRENCY=${WORKERS}, ${RATE} req/s over ${CONNECTIONS} connections, ${MINUTES} min`,
);
console.log(
  "| minute | req/s | p50 ms | p95 ms | p99 ms | errors | RSS MB (all processes) | open fds |\n|---:|---:|---:|---:|---:|---:|---:|---:|",
);
const lines: string[] = [];
let errors = 0;
for (let minute = 1; minute <= MINUTES; minute++) {
  const run = await load({ ...mixed(base, orgId, cookie, CONNECTIONS, 60), overallRate: RATE });
  const failed = run.result.errors + run.result.timeouts + run.result.non2xx;
  errors += failed;
  const { rssMb, fds } = usage(child.pid!);
  const line = `| ${minute} | ${(run.times.length / 60).toFixed(0)} | ${percentile(run.times, 50).toFixed(1)} | ${percentile(run.times, 95).toFixed(1)} | ${percentile(run.times, 99).toFixed(1)} | ${failed} | ${rssMb.toFixed(0)} | ${fds} |`;
  lines.push(line);
  console.log(line);
}
child.kill("SIGTERM");
const exit = await new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
await drop();
console.log(`\n${MINUTES} minutes, ${errors} errors in total, exit code after SIGTERM: ${exit}`);
process.exit(0);
