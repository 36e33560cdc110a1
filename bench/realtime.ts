// npm run bench:realtime: STREAMS open live streams on one app instance (WEB_CONCURRENCY=1), then
// CHANGES contact edits, one at a time; for each, the delay from the write's commit (the event's `at`,
// stamped after the commit) to its arrival on every stream. Prints p50/p95/max delivery and the
// server's memory per open stream. SQLite always; PostgreSQL too with BENCH_DATABASE_URL.
import http from "node:http";
import { loadavg } from "node:os";
import { percentile, prepare, signIn, startServer } from "./load-support.js";
import { rssMb } from "./proc.js";

const STREAMS = Number(process.env.STREAMS ?? 2000);
const CHANGES = Number(process.env.CHANGES ?? 20);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 500);

const rssOf = (pid: number) => rssMb(pid) * 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

interface Stream {
  ready: Promise<void>;
  request: http.ClientRequest;
}

/** Opens one stream; every 'contact.updated' frame reports (event id, arrival ms). */
function openStream(
  agent: http.Agent,
  base: string,
  orgId: string,
  cookie: string,
  onEvent: (id: string, at: string, now: number) => void,
): Stream {
  let ready!: () => void;
  let failed!: (error: Error) => void;
  const readyPromise = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
  const url = new URL(`/api/orgs/${orgId}/events`, base);
  const request = http.get(url, { agent, headers: { cookie, origin: base, accept: "text/event-stream" } }, (res) => {
    if (res.statusCode !== 200) return failed(new Error(`stream answered ${res.statusCode}`));
    res.setEncoding("utf8");
    let buffer = "";
    res.on("data", (chunk: string) => {
      const now = Date.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (frame.startsWith("event: ready")) ready();
        else if (frame.includes('"type":"contact.updated"')) {
          const line = frame.split("\n").find((l) => l.startsWith("data: "))!;
          const data = JSON.parse(line.slice(6)) as { id: string; at: string };
          onEvent(data.id, data.at, now);
        }
      }
    });
  });
  request.on("error", (error) => failed(error));
  return { ready: readyPromise, request };
}

async function run(engine: "sqlite" | "postgres") {
  const { url, orgId, drop } = await prepare(engine, 1000);
  // Every stream is the one benchmark session's: the per-person limits on open streams are lifted.
  const limit = String(STREAMS);
  const { base, child } = await startServer(url, {
    WEB_CONCURRENCY: "1",
    LIVE_STREAMS_PER_SESSION: limit,
    LIVE_STREAMS_PER_ACCOUNT: limit,
  });
  try {
    const cookie = await signIn(base);
    const contact = (
      (await (await fetch(`${base}/api/orgs/${orgId}/contacts?limit=1`, { headers: { cookie } })).json()) as {
        items: { id: string; version: number }[];
      }
    ).items[0]!;
    await sleep(500);
    const before = rssOf(child.pid!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const delays: number[] = [];
    const seen = new Map<string, number>();
    const streams: Stream[] = [];
    const opening = performance.now();
    for (let i = 0; i < STREAMS; i++) {
      streams.push(
        openStream(agent, base, orgId, cookie, (id, at, now) => {
          delays.push(now - Date.parse(at));
          seen.set(id, (seen.get(id) ?? 0) + 1);
        }),
      );
      // Opening 2,000 at once would mostly measure the accept queue.
      if (i % 100 === 99) await Promise.all(streams.slice(i - 99, i + 1).map((s) => s.ready));
    }
    await Promise.all(streams.map((s) => s.ready));
    const openMs = performance.now() - opening;
    await sleep(2000);
    const after = rssOf(child.pid!);
    let version = contact.version;
    for (let i = 0; i < CHANGES; i++) {
      const res = await fetch(`${base}/api/orgs/${orgId}/contacts/${contact.id}`, {
        method: "PATCH",
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ version, notes: `bench ${i}` }),
      });
      if (!res.ok) throw new Error(`edit answered ${res.status}`);
      version = ((await res.json()) as { version: number }).version;
      await sleep(PAUSE_MS);
    }
    await sleep(2000);
    const sorted = [...delays].sort((a, b) => a - b);
    const complete = [...seen.values()].filter((n) => n === STREAMS).length;
    const figures = {
      engine,
      streams: STREAMS,
      opened_in_s: +(openMs / 1000).toFixed(1),
      changes: CHANGES,
      deliveries: delays.length,
      expected: STREAMS * CHANGES,
      changes_reaching_every_stream: complete,
      p50_ms: percentile(sorted, 50),
      p95_ms: percentile(sorted, 95),
      max_ms: sorted.at(-1),
      server_rss_before_mb: +mb(before),
      server_rss_with_streams_mb: +mb(after),
      kb_per_stream: +((after - before) / STREAMS / 1024).toFixed(1),
      load_average: loadavg().map((l) => +l.toFixed(2)),
    };
    console.log(JSON.stringify(figures));
    for (const s of streams) s.request.destroy();
    agent.destroy();
    return figures;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await drop();
  }
}

const engines: ("sqlite" | "postgres")[] = process.env.BENCH_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
const rows = [];
for (const engine of engines) rows.push(await run(engine));
console.log("\n| Engine | Streams | Changes | Deliveries | p50 ms | p95 ms | max ms | RSS before | RSS with streams | per stream |");
console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |");
for (const r of rows) {
  console.log(
    `| ${r.engine} | ${r.streams} | ${r.changes} | ${r.deliveries}/${r.expected} | ${r.p50_ms} | ${r.p95_ms} | ${r.max_ms} | ${r.server_rss_before_mb} MB | ${r.server_rss_with_streams_mb} MB | ${r.kb_per_stream} KB |`,
  );
}
