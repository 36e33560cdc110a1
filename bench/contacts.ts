// npm run bench:contacts — seeds one organization with 100,000 and then 1,000,000 contacts (as an import
// leaves them: nobody has opened any) and measures the contact API over HTTP against the real app. SQLite
// always; PostgreSQL too with BENCH_DATABASE_URL. BENCH_SIZES=20000,100000 changes the sizes;
// BENCH_ENGINES=postgres runs one engine. Prints p50/p95, and
// each p50 as a multiple of the app's floor measured in the same run: an authenticated request to the
// organization that reads no contact (session, membership, validation, JSON), so the ratios compare
// across machines and busy or quiet runs.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "kysely";
import pg from "pg";
import { CONTACT_SORTS, DEFAULT_SORT } from "../shared/contact-fields.js";
import { createApp } from "../server/app.js";
import { createAccount } from "../server/auth/accounts.js";
import { loadConfig } from "../server/config.js";
import { type AppDatabase, openDatabase } from "../server/db/database.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { FALLBACK_COUNTRY } from "../shared/phone.js";
import { buildDeps } from "../server/deps.js";
import { createMemoryLogger } from "../server/logger.js";
import { seedContacts } from "./seed-contacts.js";

const SIZES = (process.env.BENCH_SIZES ?? "100000,1000000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Contacts opened through the API for the "a few hundred recent" case. */
const OPENED = 300;
/** Every sort order, the list's default first. */
const SORT_ORDERS = [DEFAULT_SORT, ...CONTACT_SORTS.filter((s) => s !== DEFAULT_SORT)];
const PASSWORD = "Bench-Password-1";

interface Row {
  engine: string;
  size: number;
  op: string;
  p50: number;
  p95: number;
  n: number;
  /** p50 over the floor's p50 of the same engine and size. */
  ratio: number;
}
const results: Row[] = [];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const FLOOR = "floor: a request that reads no contact";
let floor = NaN;

async function timeIt(label: string, engine: string, size: number, runs: number, fn: (i: number) => Promise<void>) {
  await fn(0); // warm-up
  const times: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  if (label === FLOOR) floor = p50;
  const row = { engine, size, op: label, p50, p95: percentile(times, 95), n: runs, ratio: p50 / floor };
  results.push(row);
  console.log(
    `${engine.padEnd(8)} ${String(size).padStart(8)}  ${label.padEnd(44)} p50 ${row.p50.toFixed(2).padStart(7)} ms  p95 ${row.p95.toFixed(2).padStart(7)} ms  ${row.ratio.toFixed(1).padStart(6)}x floor`,
  );
}

async function openBenchDatabase(engine: "sqlite" | "postgres") {
  if (engine === "sqlite") {
    const dir = join(tmpdir(), `contactbook-bench-${randomBytes(4).toString("hex")}`);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "bench.db");
    return {
      database: openDatabase(`sqlite:${file}`),
      file,
      url: `sqlite:${file}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.BENCH_DATABASE_URL!;
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  };
  // No statement limit: a seed batch on a busy machine may take longer than a request is allowed.
  return { database: openDatabase(url, { searchPath: schema, timeouts: null }), file: null, url, drop };
}

async function measure(database: AppDatabase, engine: string, size: number, orgId: string) {
  floor = NaN;
  const config = loadConfig({
    APP_URL: "http://localhost:1",
    AUTH_SECRET: "bench-secret-".padEnd(48, "x"),
    DATA_DIR: tmpdir(),
    NODE_ENV: "test",
    SIGN_IN_RATE_LIMIT: "1000/60",
  });
  const app = createApp(buildDeps(config, database, createMemoryLogger()));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = config.appUrl;
  const signIn = await fetch(`${base}/api/auth/sign-in/password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "bench@example.com", password: PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const get = async (path: string) => {
    const res = await fetch(`${base}/api/orgs/${orgId}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const write = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}/api/orgs/${orgId}${path}`, {
      method,
      headers: { cookie, origin, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };

  // A short number is never looked up: what every contact request pays before its own query.
  await timeIt(FLOOR, engine, size, RUNS * 2, () => get(`/contacts/phone-match?phone=1`));
  for (const sort of SORT_ORDERS) {
    await timeIt(`first page, sort=${sort}`, engine, size, RUNS, () => get(`/contacts?sort=${sort}&limit=50`));
  }
  // 20 consecutive pages, each timed on its own.
  const cursors: (string | null)[] = [null];
  for (let i = 0; i < 20; i++) cursors.push((await get(`/contacts?limit=50${cursors[i] ? `&cursor=${cursors[i]}` : ""}`)).nextCursor);
  await timeIt("next page (scroll of 20 pages)", engine, size, 20 * 3, (i) =>
    get(`/contacts?limit=50${cursors[i % 20] ? `&cursor=${cursors[i % 20]}` : ""}`),
  );
  await timeIt("filter favorites, first page", engine, size, RUNS, () => get(`/contacts?filter=favorites`));
  // Birthdays (rich contacts): a month's birthdays in day order, and the whole book in birthday order.
  await timeIt("filter birthdays this month, sort=birthday", engine, size, RUNS, () =>
    get(`/contacts?filter=birthdays&month=04&sort=birthday`),
  );
  await timeIt("filter birthdays this month, sort=last_name (listed by day)", engine, size, RUNS, () =>
    get(`/contacts?filter=birthdays&month=04`),
  );
  await timeIt("a contact's detail (every list)", engine, size, RUNS, () => get(`/contacts/bench-00000042`));

  // Recent in a book loaded by import, where nothing was opened (and the planner's statistics say so),
  // then after a few hundred contacts were opened through the API.
  for (const sort of SORT_ORDERS) {
    await timeIt(`filter recent (none), sort=${sort}`, engine, size, RUNS, () => get(`/contacts?filter=recent&sort=${sort}`));
  }
  for (let i = 0; i < OPENED; i++) {
    await write("POST", `/contacts/bench-${String(Math.floor((i * size) / OPENED)).padStart(8, "0")}/access`, {});
  }
  if ((await get(`/contacts/counts`)).recent !== OPENED) throw new Error(`expected ${OPENED} recent contacts`);
  for (const sort of SORT_ORDERS) {
    await timeIt(`filter recent (${OPENED}), sort=${sort}`, engine, size, RUNS, () => get(`/contacts?filter=recent&sort=${sort}`));
  }
  // The next size starts from a book nobody opened again.
  await database.db
    .updateTable("contacts")
    .set({ accessed_key: "", last_accessed: null })
    .where("organization_id", "=", orgId)
    .where("accessed_key", "<>", "")
    .execute();

  const sample = (await get(`/contacts?sort=created&limit=1`)).items[0];
  const phoneDigits = sample.phone.replace(/\D/g, "").slice(3);
  await timeIt('search common name "smith"', engine, size, RUNS, () => get(`/contacts?q=smith`));
  await timeIt('search rare name "lindqvist"', engine, size, RUNS, () => get(`/contacts?q=lindqvist`));
  await timeIt(`search phone digits "${phoneDigits}"`, engine, size, RUNS, () => get(`/contacts?q=${phoneDigits}`));
  await timeIt(`search phone E.164 "${sample.phone_e164}"`, engine, size, RUNS, () =>
    get(`/contacts?q=${encodeURIComponent(sample.phone_e164)}`),
  );
  await timeIt('search two words "smith john"', engine, size, RUNS, () => get(`/contacts?q=${encodeURIComponent("smith john")}`));
  await timeIt('search accented "garcía"', engine, size, RUNS, () => get(`/contacts?q=${encodeURIComponent("garcía")}`));
  await timeIt('search no match "qzxqzx"', engine, size, RUNS, () => get(`/contacts?q=qzxqzx`));
  await timeIt('search a second phone "+44 20 7946 0042"', engine, size, RUNS, () =>
    get(`/contacts?q=${encodeURIComponent("+44 20 7946 0042")}`),
  );
  await timeIt('search 2 letters "ma"', engine, size, RUNS, () => get(`/contacts?q=ma`));
  await timeIt("counts", engine, size, RUNS, () => get(`/contacts/counts`));
  await timeIt('counts, search "smith"', engine, size, RUNS, () => get(`/contacts/counts?q=smith`));
  // Duplicates (ADR 018): the finder's first page (shared e-mails and phones), then pages walked on
  // through its cursor into the name groups (a seeded book shares many names), each timed on its own.
  await timeIt("duplicates, first page", engine, size, RUNS, () => get(`/contacts/duplicates`));
  const dupCursors: string[] = [];
  for (let next: string | null = (await get(`/contacts/duplicates`)).nextCursor; next && dupCursors.length < 20;) {
    dupCursors.push(next);
    next = (await get(`/contacts/duplicates?cursor=${encodeURIComponent(next)}`)).nextCursor;
  }
  if (dupCursors.length) {
    await timeIt(`duplicates, next page (${dupCursors.length} pages)`, engine, size, dupCursors.length * 3, (i) =>
      get(`/contacts/duplicates?cursor=${encodeURIComponent(dupCursors[i % dupCursors.length]!)}`),
    );
  }
  // Groups on the list (issue 28): one holding a quarter of the book and one of about 0.1% of it, their
  // first page under the default sort, a page further in, and the chips' counts.
  for (const [name, share] of [
    ["quarter", sql`substr(id, length(id) - 1, 2) < '25'`],
    ["tenth of a percent", sql`substr(id, length(id) - 2, 3) = '000'`],
  ] as const) {
    const groupId = `bench-group-${randomBytes(4).toString("hex")}`;
    const now = new Date().toISOString();
    await database.db
      .insertInto("groups")
      .values({ id: groupId, organization_id: orgId, name, name_key: name, description: null, created_at: now, updated_at: now })
      .execute();
    await sql`insert into group_contacts (group_id, contact_id, added_at)
      select ${groupId}, id, ${now} from contacts where organization_id = ${orgId} and ${share}`.execute(database.db);
    const members = (await get(`/contacts/counts?group=${groupId}`)).all;
    await timeIt(`group (${name}, ${members} members), first page`, engine, size, RUNS, () => get(`/contacts?group=${groupId}`));
    const fifth = (await get(`/contacts?group=${groupId}&limit=200`)).nextCursor;
    await timeIt(`group (${name}), a page 200 rows in`, engine, size, RUNS, () =>
      get(`/contacts?group=${groupId}${fifth ? `&cursor=${fifth}` : ""}`),
    );
    await timeIt(`group (${name}), counts`, engine, size, RUNS, () => get(`/contacts/counts?group=${groupId}`));
  }

  let n = 0;
  const created: { id: string; version: number }[] = [];
  await timeIt("create", engine, size, RUNS, async () => {
    const res = await write("POST", "/contacts", {
      first_name: "Bench",
      last_name: `Create${n}`,
      phone: `+4420${String(7_000_000 + n++).padStart(8, "0")}`,
    });
    created.push({ id: res.contact.id, version: res.contact.version });
  });
  let u = 0;
  await timeIt("update", engine, size, RUNS, async () => {
    const target = created[u++ % created.length]!;
    const res = await write("PATCH", `/contacts/${target.id}`, { version: target.version, notes: `updated ${u}` });
    target.version = res.version;
  });
  // A merge of two contacts and its undo, as the Duplicates screen does them (the pair comes back each time).
  await timeIt("merge two contacts, then undo", engine, size, RUNS, async () => {
    const [keep, other] = [created[0]!, created[1]!];
    const merged = await write("POST", "/contacts/merge", { keepId: keep.id, mergeIds: [other.id] });
    await write("POST", `/merges/${merged.mergeId}/undo`, {});
  });
  server.close();
}

async function runEngine(engine: "sqlite" | "postgres") {
  const { database, file, drop } = await openBenchDatabase(engine);
  try {
    await migrateToLatest(database, { defaultCountry: FALLBACK_COUNTRY });
    const config = loadConfig({ APP_URL: "http://localhost:1", AUTH_SECRET: "bench-secret-".padEnd(48, "x"), DATA_DIR: tmpdir() });
    const { auth, repos } = buildDeps(config, database, createMemoryLogger());
    const user = await createAccount(auth, { email: "bench@example.com", name: "Bench", password: PASSWORD, emailVerified: true });
    await repos.profiles.setName(user.id, "Bench");
    const orgId = await repos.organizations.insertWithOwner("Bench Org", user.id);
    let seeded = 0;
    for (const size of SIZES) {
      const start = performance.now();
      await seedContacts(database, file, orgId, seeded, size - seeded, { imported: true });
      const seconds = (performance.now() - start) / 1000;
      console.log(
        `${engine}: seeded ${size - seeded} contacts in ${seconds.toFixed(1)} s (${Math.round((size - seeded) / seconds)} rows/s)`,
      );
      seeded = size;
      await measure(database, engine, size, orgId);
    }
  } finally {
    await database.destroy();
    await drop();
  }
}

const engines = (process.env.BENCH_ENGINES?.split(",") ?? (process.env.BENCH_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"])) as (
  "sqlite" | "postgres"
)[];
console.log(`Contactbook contact benchmark, ${new Date().toISOString()}, node ${process.version}, sizes ${SIZES.join(", ")}`);
for (const engine of engines) await runEngine(engine);
console.log("\n| engine | contacts | operation | p50 ms | p95 ms | runs | p50 / floor |\n|---|---:|---|---:|---:|---:|---:|");
for (const r of results)
  console.log(
    `| ${r.engine} | ${r.size.toLocaleString("en")} | ${r.op} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.n} | ${r.ratio.toFixed(1)}x |`,
  );
process.exit(0);
