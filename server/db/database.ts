import { mkdirSync, statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, sql } from "kysely";
import { AvailabilityPlugin, DatabaseAvailability } from "./availability.js";
import { classifyDatabaseError, type FailureKind } from "./failures.js";
import { createPostgresPool, type PostgresTimeouts } from "./postgres-pool.js";
import type { Schema } from "./schema.js";
import { SQLITE_BUSY_BUDGET_MS } from "./sqlite-busy.js";
import { CachedSqliteDialect } from "./sqlite-dialect.js";

export type Engine = "sqlite" | "postgres";

/** Whether the database serves right now, and if not, why. */
export type Readiness = { ok: true } | { ok: false; kind: FailureKind; reason: string };

export interface AppDatabase {
  db: Kysely<Schema>;
  engine: Engine;
  /** PostgreSQL: the connection URL (the live-updates listener opens a connection of its own). */
  url?: string;
  /** PostgreSQL schema the connections use, when not the default. */
  schema?: string;
  /** The SQLite file, when the engine is SQLite and not in memory. */
  file?: string;
  /** Failure episodes: logged once each, reported by the readiness check. */
  availability: DatabaseAvailability;
  /** A real round trip, bounded by `timeoutMs`, plus what the last calls learnt (disk full...). */
  checkReady(timeoutMs: number): Promise<Readiness>;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use, so test runs can live side by side in one database. */
  searchPath?: string;
  /** PostgreSQL only: bounds on each call; null for none (migrations may run long). */
  timeouts?: PostgresTimeouts | null;
}

/** What DATABASE_*_TIMEOUT default to (config.ts documents them). */
export const DEFAULT_TIMEOUTS: PostgresTimeouts = { connectMs: 3000, statementMs: 5000, idleMs: 30_000 };

/** Below this much free space on the SQLite file's disk the readiness check reports the disk full. */
const MIN_FREE_BYTES = 1024 * 1024;

const REASONS: Record<FailureKind, string> = {
  unavailable: "The database is unavailable.",
  timeout: "The database did not answer in time.",
  busy: "The database is busy.",
  "disk-full": "The disk holding the database is full.",
  "read-only": "The database is read-only.",
};

export class ReadOnlyDatabaseError extends Error {}

/** Opens the database named by a `sqlite:<path>` or `postgres://` URL. */
export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  return openPostgres(url, options);
}

/** SQLITE_CACHE_MB (default 64) sets the page cache of the one connection. */
const SQLITE_CACHE_KB = Math.max(2, Number(process.env.SQLITE_CACHE_MB ?? 64)) * 1024;

function openSqlite(path: string): AppDatabase {
  const file = path === ":memory:" ? undefined : resolve(path);
  if (file) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(path);
  // WAL lets readers run beside the writer; NORMAL sync is crash-safe in WAL mode (only the last
  // transactions before a power cut can be lost, never corruption).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Starting may wait for another process's write lock inside the call (nothing is served yet)...
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_BUDGET_MS}`);
  // 64 MB of page cache (SQLite's default is 2 MB): a search matching 10,000 of a million contacts reads
  // about 40 MB of pages, which the default cache re-reads from the OS on every request (22 ms against
  // 14 ms at 1,000,000 contacts). Less than 64 MB thrashes (32 MB measured slower than the default).
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KB}`);
  assertWritable(sqlite, path);
  // ...serving may not: a statement that finds the lock taken fails at once and the driver retries it
  // on timers (sqlite-busy.ts), so health, sign-in and reads answer while another process writes.
  sqlite.pragma("busy_timeout = 0");
  const availability = new DatabaseAvailability();
  const db = new Kysely<Schema>({ dialect: new CachedSqliteDialect(sqlite), plugins: [new AvailabilityPlugin(availability)] });
  return {
    db,
    engine: "sqlite",
    ...(file ? { file } : {}),
    availability,
    checkReady: async (timeoutMs) => {
      const failed = await roundTrip(db, availability, timeoutMs);
      if (failed) return failed;
      if (file && freeBytes(dirname(file)) < MIN_FREE_BYTES) return { ok: false, kind: "disk-full", reason: REASONS["disk-full"] };
      return episodeOrReady(availability);
    },
    destroy: async () => {
      await db.destroy();
      // Kysely closes its driver only if a query ever ran; the file must be closed either way.
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * SQLite opens a file it may not write read-only without a word, and it stays so until a restart:
 * every write would fail. Refuse to start instead, naming the file.
 */
function assertWritable(sqlite: Database.Database, path: string) {
  try {
    // Rewrites a header field with its own value and rolls back: nothing changes on disk, but the
    // pager refuses the page write when the file (or its -wal/-shm) cannot be written.
    const version = Number(sqlite.pragma("user_version", { simple: true }));
    sqlite.exec(`begin immediate; pragma user_version = ${version}; rollback`);
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec("rollback");
    sqlite.close();
    throw new ReadOnlyDatabaseError(
      `The SQLite database ${resolve(path)} cannot be written (${(error as Error).message}). ` +
        "Give the user running Contactbook write access to the file and its folder, then start again.",
    );
  }
}

function freeBytes(dir: string): number {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function openPostgres(url: string, options: OpenOptions): AppDatabase {
  const availability = new DatabaseAvailability();
  const timeouts = options.timeouts === undefined ? DEFAULT_TIMEOUTS : options.timeouts;
  const pool = createPostgresPool(url, { searchPath: options.searchPath, timeouts, availability });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), plugins: [new AvailabilityPlugin(availability)] });
  return {
    db,
    engine: "postgres",
    url,
    ...(options.searchPath ? { schema: options.searchPath } : {}),
    availability,
    checkReady: async (timeoutMs) => (await roundTrip(db, availability, timeoutMs)) ?? episodeOrReady(availability),
    destroy: () => db.destroy(),
  };
}

/** `select 1` within `timeoutMs`; a failure is recorded as an episode and returned. */
async function roundTrip(db: Kysely<Schema>, availability: DatabaseAvailability, timeoutMs: number): Promise<Readiness | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs)));
  try {
    const outcome = await Promise.race([sql`select 1`.execute(db).then(() => "ok" as const), timeout]);
    if (outcome === "timeout") {
      availability.failed({ kind: "timeout", cause: `no answer to a health check within ${timeoutMs} ms` });
      return { ok: false, kind: "timeout", reason: REASONS.timeout };
    }
    return null;
  } catch (error) {
    const failure = classifyDatabaseError(error) ?? { kind: "unavailable" as const, cause: String((error as Error)?.message ?? error) };
    availability.failed(failure);
    return { ok: false, kind: failure.kind, reason: REASONS[failure.kind] };
  } finally {
    clearTimeout(timer);
  }
}

function episodeOrReady(availability: DatabaseAvailability): Readiness {
  const open = availability.current()[0];
  return open ? { ok: false, kind: open.kind, reason: REASONS[open.kind] } : { ok: true };
}

/** The message a client sees for each failure kind. */
export const failureReason = (kind: FailureKind) => REASONS[kind];
