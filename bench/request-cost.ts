// npm run bench:request-cost — what one request costs the built app, as multiples of a bare Node HTTP
// server measured in the same run (so the figures hold on any machine, busy or quiet). Both servers are
// processes of their own; one keep-alive connection asks one thing over and over: liveness, a signed-in
// request that reads nothing, a list page and a search. For each:
// the round trip (run time / requests), and the server's CPU per request (user + system time of its
// process, from /proc). SQLite, BENCH_CONTACTS (20,000) seeded contacts, one signed-in user, one process
// (WEB_CONCURRENCY=1). BENCH_SECONDS (5) per request; BENCH_NODE_ARGS as for bench:load (a profile).
import { cpus } from "node:os";
import { load, prepare, signIn, startBareServer, startServer } from "./load-support.js";
import { cpuSeconds } from "./proc.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** User + system CPU of a process and all its threads, in ms. */
const cpuMs = (pid: number): number => cpuSeconds(pid) * 1000;

interface Cost {
  name: string;
  roundTripMs: number;
  cpuMs: number;
  requests: number;
  errors: number;
}

/** One connection, one request over and over: the round trip and the server's CPU for each. */
async function measure(name: string, pid: number, url: string, headers: Record<string, string> = {}): Promise<Cost> {
  await load({ url, connections: 1, duration: 1, headers }); // warm-up
  const cpuBefore = cpuMs(pid);
  const run = await load({ url, connections: 1, duration: SECONDS, headers });
  const cpu = cpuMs(pid) - cpuBefore;
  const requests = run.times.length;
  return {
    name,
    roundTripMs: (SECONDS * 1000) / requests,
    cpuMs: cpu / requests,
    requests,
    errors: run.result.errors + run.result.timeouts + run.result.non2xx,
  };
}

const { url, orgId, drop } = await prepare("sqlite");
const bare = await startBareServer();
const app = await startServer(url, { WEB_CONCURRENCY: "1" }).catch((error: unknown) => {
  bare.child.kill("SIGTERM");
  throw error;
});
try {
  const cookie = await signIn(app.base);
  const api = `${app.base}/api/orgs/${orgId}`;
  const appPid = app.child.pid!;
  const costs = [
    await measure("bare Node server", bare.child.pid!, bare.base),
    await measure("GET /api/health/live", appPid, `${app.base}/api/health/live`),
    // A number too short to look up: the session, membership, validation and JSON every signed-in request pays.
    await measure("signed in, reads nothing", appPid, `${api}/contacts/phone-match?phone=1`, { cookie }),
    await measure("list page (50 contacts)", appPid, `${api}/contacts?limit=50`, { cookie }),
    await measure('search "smith"', appPid, `${api}/contacts?q=smith`, { cookie }),
  ];
  const floor = costs[0]!;
  console.log(
    `\nContactbook request cost, ${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), ${SECONDS} s per request\n`,
  );
  console.log("| request | round trip ms | x bare | server CPU ms | x bare | requests | errors |\n|---|---:|---:|---:|---:|---:|---:|");
  for (const c of costs)
    console.log(
      `| ${c.name} | ${c.roundTripMs.toFixed(3)} | ${(c.roundTripMs / floor.roundTripMs).toFixed(2)} | ${c.cpuMs.toFixed(3)} | ${(c.cpuMs / floor.cpuMs).toFixed(2)} | ${c.requests} | ${c.errors} |`,
    );
} finally {
  bare.child.kill("SIGTERM");
  app.child.kill("SIGTERM");
  await new Promise((r) => app.child.once("exit", r));
  await drop();
}
process.exit(0);
