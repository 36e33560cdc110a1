// npm run bench:dav — the CardDAV server through the built app as a process:
//   1. initial sync of a DAV_INITIAL (10,000) contact book by a real client: vdirsyncer (Debian package)
//      discovering the book from the server's root and bringing every card down into an empty folder;
//   2. a sync-collection with one change since the client's token in a DAV_BOOK (1,000,000) contact
//      book: p50/p95 of DAV_SYNC_REPEATS (50) requests, each answering that one change.
// SQLite by default; BENCH_ENGINES=sqlite,postgres with BENCH_DATABASE_URL for PostgreSQL; DAV_PARTS=sync
// (or initial) runs one part.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { EMAIL, percentile, prepare, signIn, startServer } from "./load-support.js";

const INITIAL = Number(process.env.DAV_INITIAL ?? 10_000);
const BOOK = Number(process.env.DAV_BOOK ?? 1_000_000);
const REPEATS = Number(process.env.DAV_SYNC_REPEATS ?? 50);
const engines = (process.env.BENCH_ENGINES ?? "sqlite").split(",") as ("sqlite" | "postgres")[];
/** `initial`, `sync` or both (the default). */
const parts = (process.env.DAV_PARTS ?? "initial,sync").split(",");

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function appPassword(base: string): Promise<string> {
  const cookie = await signIn(base);
  const res = await fetch(`${base}/api/me/app-passwords`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  if (res.status !== 201) throw new Error(`app password: ${res.status}`);
  return ((await res.json()) as { password: string }).password;
}

function vdirsyncer(config: string, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile("vdirsyncer", ["-c", config, ...args], { timeout: 600_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`vdirsyncer ${args.join(" ")}: ${stdout}${stderr}`)) : resolve(),
    );
    child.stdin?.end("y\n");
  });
}

async function initialSync(engine: "sqlite" | "postgres") {
  const { url, orgId, drop } = await prepare(engine, INITIAL);
  const { base, child } = await startServer(url);
  const dir = mkdtempSync(join(tmpdir(), "contactbook-bench-dav-"));
  try {
    const password = await appPassword(base);
    mkdirSync(join(dir, "local"));
    const config = join(dir, "config");
    writeFileSync(
      config,
      `[general]\nstatus_path = "${dir}/status/"\n\n[pair book]\na = "local"\nb = "remote"\ncollections = ["from b"]\n\n` +
        `[storage local]\ntype = "filesystem"\npath = "${dir}/local/"\nfileext = ".vcf"\n\n` +
        `[storage remote]\ntype = "carddav"\nurl = "${base}/"\nusername = "${EMAIL}"\npassword = "${password}"\nauth = "basic"\n`,
    );
    const loadBefore = load();
    const started = performance.now();
    await vdirsyncer(config, "discover");
    await vdirsyncer(config, "sync");
    const seconds = (performance.now() - started) / 1000;
    const cards = readdirSync(join(dir, "local", orgId)).length;
    if (cards !== INITIAL) throw new Error(`expected ${INITIAL} cards, got ${cards}`);
    console.log(
      `${engine}: initial sync of ${INITIAL} contacts by vdirsyncer (discover + sync): ${seconds.toFixed(1)} s, ` +
        `${Math.round(INITIAL / seconds)} cards/s (load average ${loadBefore} before, ${load()} after)`,
    );
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
    await drop();
  }
}

async function oneChange(engine: "sqlite" | "postgres") {
  const { url, orgId, drop } = await prepare(engine, BOOK);
  const { base, child } = await startServer(url, { WEB_CONCURRENCY: "1" });
  try {
    const password = await appPassword(base);
    const auth = `Basic ${Buffer.from(`${EMAIL}:${password}`).toString("base64")}`;
    const userId = ((await (await fetch(`${base}/api/me`, { headers: { cookie: await signIn(base) } })).json()) as { user: { id: string } })
      .user.id;
    const book = `${base}/dav/addressbooks/${userId}/${orgId}/`;
    const propfind = await fetch(book, {
      method: "PROPFIND",
      headers: { authorization: auth, depth: "0", "content-type": "application/xml" },
      body: `<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>`,
    });
    const token = /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(await propfind.text())![1]!;
    // One change in the app since the phone's token.
    const cookie = await signIn(base);
    const list = (await (await fetch(`${base}/api/orgs/${orgId}/contacts?limit=1`, { headers: { cookie } })).json()) as {
      items: { id: string; version: number }[];
    };
    const contact = list.items[0]!;
    const edit = await fetch(`${base}/api/orgs/${orgId}/contacts/${contact.id}`, {
      method: "PATCH",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ version: contact.version, notes: "changed for the sync benchmark" }),
    });
    if (!edit.ok) throw new Error(`edit: ${edit.status}`);
    const body = `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
    const times: number[] = [];
    const loadBefore = load();
    for (let i = 0; i < REPEATS + 5; i++) {
      const started = performance.now();
      const res = await fetch(book, {
        method: "REPORT",
        headers: { authorization: auth, depth: "0", "content-type": "application/xml" },
        body,
      });
      const text = await res.text();
      const elapsed = performance.now() - started;
      if (res.status !== 207 || (text.match(/<d:response>/g) ?? []).length !== 1)
        throw new Error(`sync-collection: ${res.status} ${text.slice(0, 300)}`);
      // The first few warm the connection, the statement cache and the app password check.
      if (i >= 5) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${engine}: sync-collection with 1 change in a ${BOOK}-contact book: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms over ${REPEATS} requests (load average ${loadBefore} before, ${load()} after)`,
    );
  } finally {
    child.kill();
    await drop();
  }
}

try {
  execFileSync("vdirsyncer", ["--version"], { stdio: "pipe" });
} catch {
  throw new Error("vdirsyncer is not installed: apt-get install -y vdirsyncer");
}
for (const engine of engines) {
  if (parts.includes("initial")) await initialSync(engine);
  if (parts.includes("sync")) await oneChange(engine);
}
