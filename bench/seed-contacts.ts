import { sql } from "kysely";
import type { AppDatabase } from "../server/db/database.js";
import { contactCounter } from "../server/db/repositories/contact-counts.js";
import { emptyContactData } from "../shared/contact-model/data-schema.js";
import type { ContactData } from "../shared/contact-model/types.js";
import { rowAndKeysOfData } from "../server/services/contact-row.js";

// Realistic-looking contact data from a seeded generator, so every run seeds the same book.

const FIRST = (
  "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica " +
  "Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven " +
  "Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah " +
  "Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley " +
  "Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory " +
  "Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane " +
  "Aaron Ruth Jose Julie Adam Olivia Nathan Joyce Henry Virginia Zachary Victoria Douglas Kelly Peter Lauren Kyle Christina " +
  "Émile Zoë Søren Ngozi Hiroshi Priya Mateo Aisha Lars Ines Wei Fatima Dmitri Chiara Kwame Ana"
).split(" ");
const LAST = (
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson " +
  "Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King " +
  "Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips " +
  "Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper " +
  "Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz " +
  "Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Okafor Tanaka Müller Dubois Rossi Kowalski Novak " +
  "Haddad Lindqvist O'Brien Zimmerman"
).split(" ");
const COMPANIES = ["Acme Plumbing", "Northwind Dental", "Blue Harbor Church", "Cedar Clinic", "Summit Realty", "Greenleaf Foods", ""];
const NOTE_WORDS =
  "met at conference prefers email call after lunch birthday in may referred by donor volunteer board member allergy vegetarian spanish speaker".split(
    " ",
  );
const DOMAINS = ["example.com", "mail.example.org", "clinic.example.net", "church.example"];

/** Mulberry32: a tiny seeded PRNG. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Skewed pick, for companies. */
const skewed = (r: () => number, list: string[]) => list[Math.floor(list.length * r() * r())]!;

/** Zipf pick (weight 1/rank), the shape of real name frequencies. */
function zipf(list: string[]) {
  const cumulative: number[] = [];
  let total = 0;
  list.forEach((_, i) => cumulative.push((total += 1 / (i + 1))));
  return (r: () => number) => {
    const x = r() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo]!;
  };
}
const pickLast = zipf(LAST);
const pickFirst = zipf(FIRST);
const SYLLABLES =
  "ber cal dan el far gor hal in jor kel lan mar nor ol par quin ros sel tor ul van wel yor zan ash brook ford ley ton wood son man er ett ham well by field stein berg".split(
    " ",
  );
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const invented = (r: () => number, parts: number) =>
  capital(Array.from({ length: parts }, () => SYLLABLES[Math.floor(r() * SYLLABLES.length)]).join(""));

/**
 * Names as a real book has them: a few very common ones and a long tail. A quarter of first names and
 * 6% of last names come from the common lists (so "Smith" is about 1% of contacts, as in the US); the
 * rest are drawn from ~65,000 invented names.
 */
const firstName = (r: () => number) => (r() < 0.25 ? pickFirst(r) : invented(r, 2));
const lastName = (r: () => number) => (r() < 0.06 ? pickLast(r) : invented(r, 2 + Math.floor(r() * 2)));

export interface SeedRow {
  [column: string]: string | number | null;
}

export interface SeedOptions {
  /**
   * A book as an import leaves it: nobody has opened a contact (by default 1% were opened in the last six
   * days; the same people either way), and on SQLite the planner's statistics are those of the import's
   * upkeep (PRAGMA optimize: sampled, without ANALYZE's histograms) rather than a full ANALYZE.
   */
  imported?: boolean;
}

export function* generateContacts(
  organizationId: string,
  from: number,
  count: number,
  { imported = false }: SeedOptions = {},
): Generator<{ row: SeedRow; keys: SeedRow[] }> {
  const r = rng(from + 1);
  const base = Date.parse("2024-01-01T00:00:00Z");
  for (let i = from; i < from + count; i++) {
    const first = firstName(r);
    const last = r() < 0.08 ? null : lastName(r);
    const company = r() < 0.2 ? skewed(r, COMPANIES) || null : null;
    const phone = `(${200 + Math.floor(r() * 700)}) ${String(200 + Math.floor(r() * 700))}-${String(Math.floor(r() * 10000)).padStart(4, "0")}`;
    const email =
      r() < 0.85 ? `${first}.${last ?? "x"}${i}@${DOMAINS[i % DOMAINS.length]}`.toLowerCase().replace(/[^a-z0-9.@'-]/g, "") : null;
    const notes =
      r() < 0.3 ? Array.from({ length: 3 + Math.floor(r() * 6) }, () => NOTE_WORDS[Math.floor(r() * NOTE_WORDS.length)]).join(" ") : null;
    const created = new Date(base + i * 30_000).toISOString();
    const favorite = r() < 0.02;
    const openedAt = r() < 0.01 ? new Date(Date.now() - r() * 6 * 24 * 3600 * 1000).toISOString() : null;
    const accessed = imported ? null : openedAt;
    // A rich book (ADR 015): a tenth have a second number, a fifth a job title, a quarter a birthday.
    const data: ContactData = {
      ...emptyContactData(),
      first_name: first,
      last_name: last,
      company,
      notes,
      job_title: r() < 0.2 ? "Manager" : null,
      phones: [
        { value: phone, type: "mobile", label: null },
        ...(r() < 0.1 ? [{ value: `+44 20 7946 ${String(i % 10_000).padStart(4, "0")}`, type: "work" as const, label: null }] : []),
      ],
      emails: email ? [{ value: email, type: "home", label: null }] : [],
      addresses:
        r() < 0.5
          ? [
              {
                street: `${1 + Math.floor(r() * 9999)} Main St`,
                extended: null,
                city: "Springfield",
                region: null,
                postal_code: null,
                country: null,
                type: "home",
                label: null,
              },
            ]
          : [],
      dates:
        r() < 0.25
          ? [
              {
                value: `19${50 + (i % 50)}-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
                type: "birthday",
                label: null,
              },
            ]
          : [],
    };
    const written = rowAndKeysOfData(data, "US");
    const id = `bench-${String(i).padStart(8, "0")}`;
    yield {
      row: {
        id,
        organization_id: organizationId,
        ...written.columns,
        is_favorite: favorite ? 1 : 0,
        fav_rank: favorite ? 0 : 1,
        last_accessed: accessed,
        accessed_key: accessed ?? "",
        created_at: created,
        updated_at: created,
        deleted_at: null,
        version: 1,
      },
      keys: written.keys.map((k) => ({ organization_id: organizationId, kind: k.kind, key: k.key, contact_id: id })),
    };
  }
}

const KEY_COLUMNS = ["organization_id", "kind", "key", "contact_id"] as const;

/** The contact columns a seeded row sets (every row sets the same ones). */
const COLUMNS = Object.keys(generateContacts("o", 0, 1).next().value!.row);

/** Bulk insert: prepared statements in one transaction on SQLite; unnest() batches on PostgreSQL. Rows, then their match keys. */
export async function seedContacts(
  database: AppDatabase,
  sqliteFile: string | null,
  organizationId: string,
  from: number,
  count: number,
  options: SeedOptions = {},
) {
  if (database.engine === "sqlite") {
    const Database = (await import("better-sqlite3")).default;
    const raw = new Database(sqliteFile!);
    raw.pragma("journal_mode = WAL");
    raw.pragma("synchronous = OFF");
    const insert = raw.prepare(`insert into contacts (${COLUMNS.join(",")}) values (${COLUMNS.map(() => "?").join(",")})`);
    const insertKey = raw.prepare(`insert into contact_keys (${KEY_COLUMNS.join(",")}) values (?, ?, ?, ?) on conflict do nothing`);
    const run = raw.transaction((rows: { row: SeedRow; keys: SeedRow[] }[]) => {
      for (const { row } of rows) insert.run(...COLUMNS.map((c) => row[c] ?? null));
      for (const { keys } of rows) for (const key of keys) insertKey.run(...KEY_COLUMNS.map((c) => key[c]));
    });
    let batch: { row: SeedRow; keys: SeedRow[] }[] = [];
    for (const item of generateContacts(organizationId, from, count, options)) {
      batch.push(item);
      if (batch.length === 50_000) {
        run(batch);
        batch = [];
      }
    }
    if (batch.length) run(batch);
    raw.pragma("wal_checkpoint(TRUNCATE)");
    if (options.imported) {
      // Forgotten statistics make PRAGMA optimize analyze the table again, as after a large import.
      if (raw.prepare("select 1 from sqlite_master where name = 'sqlite_stat1'").get()) raw.exec("delete from sqlite_stat1");
      raw.pragma("optimize");
    } else raw.exec("analyze");
    raw.close();
    await contactCounter(database.db, organizationId).recount();
    return;
  }
  const types: Record<string, string> = {
    is_favorite: "boolean",
    fav_rank: "int",
    no_last: "int",
    version: "int",
    last_accessed: "timestamptz",
    created_at: "timestamptz",
    updated_at: "timestamptz",
    deleted_at: "timestamptz",
  };
  let batch: { row: SeedRow; keys: SeedRow[] }[] = [];
  const flush = async () => {
    const rows = batch.map((b) => b.row);
    const arrays = COLUMNS.map((c) => rows.map((row) => (c === "is_favorite" ? row[c] === 1 : (row[c] ?? null))));
    const unnest = sql.join(COLUMNS.map((c, i) => sql`${arrays[i]}::${sql.raw(types[c] ?? "text")}[]`));
    await sql`insert into contacts (${sql.join(COLUMNS.map((c) => sql.ref(c)))}) select * from unnest(${unnest})`.execute(database.db);
    const keys = batch.flatMap((b) => b.keys);
    const keyArrays = sql.join(KEY_COLUMNS.map((c) => sql`${keys.map((k) => k[c])}::text[]`));
    await sql`insert into contact_keys (${sql.join(KEY_COLUMNS.map((c) => sql.ref(c)))}) select * from unnest(${keyArrays}) on conflict do nothing`.execute(
      database.db,
    );
    batch = [];
  };
  for (const item of generateContacts(organizationId, from, count, options)) {
    batch.push(item);
    if (batch.length === 5_000) await flush();
  }
  if (batch.length) await flush();
  // VACUUM, not just ANALYZE: a bulk load leaves the trigram index's rows in its pending list (every search
  // scans it) and the visibility map unset, until autovacuum comes by; a running install has had that.
  await sql`vacuum analyze contacts`.execute(database.db);
  await sql`vacuum analyze contact_keys`.execute(database.db);
  await contactCounter(database.db, organizationId).recount();
}
