// npm run bench:import-floor — where the SQLite imports of bench/import.ts spend their time, measured
// in parts with nothing else running, so the targets (20,000 rows/s, 10,000 cards/s) can be checked
// against what each part alone allows:
//   1. reading and preparing the file (the app's own code: decoding, parsing, mapping, validation,
//      phone parsing, derived keys), with no database;
//   2. writing the contacts they make into a copy of the seeded book of 1,000,000 contacts with the
//      app's statement (one JSON parameter a batch, jsonb_each) and pragmas, on a connection of its own:
//      as the app writes (2,000 rows a transaction, every index and the FTS5 trigram index); for the
//      CSV also 10,000 rows a transaction, and the table alone (no secondary or FTS5 index).
// The CSV is the 100,000-row Google-layout file, the vCard file 10 MB, as in bench/import.ts. Each
// write starts from a fresh copy of the seed (BENCH_SEED_CACHE keeps it between runs).
import Database from "better-sqlite3";
import { DEFAULT_CONTACT_RULES } from "../shared/contact-model/data-schema.js";
import { defaultCountryFromEnv } from "../server/config.js";
import { newId } from "../server/db/ids.js";
import { columnsOfValues } from "../server/services/contact-row.js";
import { type PreparedRow, csvLayout, preparedRows, readImportFile } from "../server/import/read-file.js";
import { IMPORT_BATCH, type RowOutcome, prepareBatch } from "../server/services/imports/prepare.js";
import { googleCsv, vcards } from "./import-files.js";
import { prepare } from "./load-support.js";

const ROWS = Number(process.env.IMPORT_ROWS ?? 100_000);
const VCARD_BYTES = Number(process.env.IMPORT_VCARD_BYTES ?? 10 * 1024 * 1024);
const BOOK = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const country = defaultCountryFromEnv();
const seconds = (from: number) => (performance.now() - from) / 1000;

/** Reads and prepares a file as a run does, batch by batch; answers the time and the contacts it would create. */
async function readAndPrepare(bytes: Uint8Array, name: string) {
  const started = performance.now();
  const file = await readImportFile(bytes, name);
  const layout = file.format === "csv" ? csvLayout(file.head) : undefined;
  const outcomes: RowOutcome[] = [];
  let batch: PreparedRow[] = [];
  for await (const row of preparedRows(file, layout)) {
    batch.push(row);
    if (batch.length === IMPORT_BATCH) {
      outcomes.push(...prepareBatch(batch, country, DEFAULT_CONTACT_RULES));
      batch = [];
    }
  }
  outcomes.push(...prepareBatch(batch, country, DEFAULT_CONTACT_RULES));
  const took = seconds(started);
  // One contact per phone (1% of the CSV's rows repeat an earlier row's phone).
  const now = new Date().toISOString();
  const byPhone = new Map<string, Record<string, unknown>>();
  for (const outcome of outcomes) {
    if ("message" in outcome) continue;
    const columns = columnsOfValues(outcome.written.values);
    if (byPhone.has(columns.phone_digits)) continue;
    byPhone.set(columns.phone_digits, {
      id: newId(),
      ...columns,
      matchKeys: outcome.written.keys,
      created_at: now,
      updated_at: now,
      version: 1,
      accessed_key: "",
      import_id: "bench-import",
    });
  }
  return { rows: outcomes.length, seconds: took, contacts: [...byPhone.values()] };
}

async function write(contacts: Record<string, unknown>[], label: string, perTransaction: number, tableOnly = false) {
  const { url, orgId, drop } = await prepare("sqlite", BOOK);
  const db = new Database(url.replace(/^sqlite:/, ""));
  try {
    // The app's pragmas (server/db/database.ts); foreign keys off only for the run id no imports row holds.
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma(`cache_size = -${Math.max(2, Number(process.env.SQLITE_CACHE_MB ?? 64)) * 1024}`);
    if (tableOnly) {
      const indexes = db
        .prepare("select name from sqlite_master where type = 'index' and tbl_name = 'contacts' and sql is not null")
        .pluck()
        .all() as string[];
      for (const name of indexes) db.exec(`drop index "${name}"`);
      db.exec("drop trigger contacts_fts_insert");
      db.pragma("wal_checkpoint(TRUNCATE)");
    }
    const rows = contacts.map(({ matchKeys: _keys, ...c }) => ({ ...c, organization_id: orgId }));
    const columns = [...Object.keys(rows[0]!), "change_seq"];
    // Every phone and e-mail of a contact is a row of contact_keys, written with it (as the app does).
    const keysOf = new Map(contacts.map((c) => [c.id as string, c.matchKeys as { kind: string; key: string }[]]));
    const insertKeys = db.prepare(
      "insert into contact_keys (organization_id, kind, key, contact_id) select ?, value ->> 0, value ->> 1, value ->> 2 from jsonb_each(jsonb(?))",
    );
    const values = columns.map((_, i) => `value ->> ${i}`).join(", ");
    const insert = db.prepare(`insert into contacts (${columns.join(", ")}) select ${values} from jsonb_each(jsonb(?))`);
    const counter = db.prepare("update organizations set contact_seq = contact_seq + ? where id = ? returning contact_seq").pluck();
    const writeBatch = db.transaction((part: Record<string, unknown>[]) => {
      const last = Number(counter.get(part.length, orgId));
      const json = JSON.stringify(part.map((row, i) => [...columns.slice(0, -1).map((c) => row[c] ?? null), last - part.length + 1 + i]));
      insert.run(json);
      if (!tableOnly)
        insertKeys.run(orgId, JSON.stringify(part.flatMap((row) => keysOf.get(row.id as string)!.map((k) => [k.kind, k.key, row.id]))));
    });
    const started = performance.now();
    for (let i = 0; i < rows.length; i += perTransaction) writeBatch(rows.slice(i, i + perTransaction));
    const took = seconds(started);
    console.log(`  ${label}: ${took.toFixed(1)} s, ${Math.round(rows.length / took)} rows/s`);
    return took;
  } finally {
    db.close();
    await drop();
  }
}

const csv = await readAndPrepare(new TextEncoder().encode(googleCsv(ROWS)), "google.csv");
console.log(`\nSQLite CSV import in parts: ${ROWS} Google-layout rows, ${csv.contacts.length} new contacts, a book of ${BOOK}`);
console.log(`  reading and preparing the rows (no database): ${csv.seconds.toFixed(1)} s, ${Math.round(ROWS / csv.seconds)} rows/s`);
const asTheApp = await write(csv.contacts, `writing, ${IMPORT_BATCH} rows a transaction, every index (as the app)`, IMPORT_BATCH);
await write(csv.contacts, "writing, 10000 rows a transaction, every index", 10_000);
await write(csv.contacts, `writing, ${IMPORT_BATCH} rows a transaction, the table alone (no secondary or FTS5 index)`, IMPORT_BATCH, true);
console.log(
  `  both parts, one after the other: ${(csv.seconds + asTheApp).toFixed(1)} s (the target, 20,000 rows/s, allows ${(ROWS / 20_000).toFixed(1)} s)`,
);

const { text } = vcards(VCARD_BYTES);
const vcf = await readAndPrepare(new TextEncoder().encode(text), "contacts.vcf");
console.log(`\nSQLite vCard import in parts: ${vcf.rows} cards (${(text.length / 1024 / 1024).toFixed(1)} MB), a book of ${BOOK}`);
console.log(`  reading and preparing the cards (no database): ${vcf.seconds.toFixed(1)} s, ${Math.round(vcf.rows / vcf.seconds)} cards/s`);
const vcardWrite = await write(vcf.contacts, `writing, ${IMPORT_BATCH} cards a transaction, every index (as the app)`, IMPORT_BATCH);
console.log(
  `  both parts, one after the other: ${(vcf.seconds + vcardWrite).toFixed(1)} s (the target, 10,000 cards/s, allows ${(vcf.rows / 10_000).toFixed(1)} s)`,
);
