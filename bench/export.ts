// npm run bench:export — exports a book of BENCH_CONTACTS (1,000,000) contacts through the built app as a
// process, as the browser does (one GET, the file streamed to the client), in each format:
//   the spec's CSV, the full CSV, vCard 3.0, and the current search of a common name.
// Prints the time to the last byte, contacts/s, the server's CPU seconds (what a busy machine does not
// inflate), MB written, and the server's memory growth during the export (RSS sampled every 50 ms
// against the RSS just before it).
// SQLite by default; BENCH_ENGINES=sqlite,postgres with BENCH_DATABASE_URL for PostgreSQL.
import { readFileSync } from "node:fs";
import { prepare, signIn, startServer } from "./load-support.js";
import { cpuSeconds, rssMb } from "./proc.js";

const engines = (process.env.BENCH_ENGINES ?? "sqlite").split(",") as ("sqlite" | "postgres")[];
const BOOK = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS: { label: string; query: string }[] = [
  { label: "CSV (spec)", query: "format=csv" },
  { label: "CSV (full)", query: "format=csv-full" },
  { label: "vCard 3.0", query: "format=vcard" },
  { label: 'CSV, search "smith"', query: "format=csv&q=smith" },
];

async function exportOnce(base: string, orgId: string, cookie: string, pid: number, query: string) {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  const res = await fetch(`${base}/api/orgs/${orgId}/export?${query}`, { headers: { cookie, origin: base } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let records = 0;
  let tail = "";
  const vcard = query.includes("vcard");
  const reader = res.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    bytes += chunk.byteLength;
    // Contacts written: END:VCARD lines, or line ends (minus the header; the seeded notes hold no
    // breaks). The last bytes of a chunk are kept so a mark split between two chunks still counts.
    const text = tail + Buffer.from(chunk).toString("latin1");
    const mark = vcard ? "END:VCARD" : "\n";
    records += text.split(mark).length - 1;
    // A mark never overlaps itself, so its length less one is all a split one can leave behind.
    tail = text.slice(text.length - (mark.length - 1));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, cpu: cpuSeconds(pid) - cpuBefore, bytes, contacts: vcard ? records : records - 1, growth: peak - baseline };
}

for (const engine of engines) {
  const { url, orgId, drop } = await prepare(engine, BOOK);
  const { base, child } = await startServer(url, { WEB_CONCURRENCY: "1" });
  try {
    const cookie = await signIn(base);
    console.log(
      `\n${engine}, book of ${BOOK} contacts (load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})`,
    );
    for (const run of RUNS) {
      const result = await exportOnce(base, orgId, cookie, child.pid!, run.query);
      console.log(
        `  ${run.label.padEnd(22)} ${result.contacts} contacts, ${(result.bytes / 1024 / 1024).toFixed(1)} MB: ` +
          `${result.seconds.toFixed(1)} s, ${Math.round(result.contacts / result.seconds)} contacts/s ` +
          `(server CPU ${result.cpu.toFixed(1)} s); RSS +${result.growth.toFixed(0)} MB`,
      );
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await drop();
  }
}
