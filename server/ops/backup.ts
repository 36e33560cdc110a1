import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describePostgres, MISSING_DATABASE, missingDatabaseMessage, postgresTarget } from "../db/postgres-url.js";
import { findPgTool, PG_TOOLS_MISSING, run } from "./pg-tools.js";

export class BackupError extends Error {}

export interface BackupResult {
  engine: "sqlite" | "postgres";
  file: string;
  bytes: number;
}

export interface RestoreResult {
  engine: "sqlite" | "postgres";
  /** What was restored into, for the operator: the SQLite file, or the PostgreSQL database and server. */
  target: string;
}

/** SQLite copies every page in one step: one read transaction, so one consistent moment. */
const ALL_PAGES = 0x7fffffff;

const sqlitePath = (url: string) => resolve(url.slice("sqlite:".length));

/**
 * A consistent copy of the running database in `target`: SQLite's online backup API (writers go on
 * meanwhile; the copy is the database as of the moment it started), or `pg_dump -Fc`. Written to a
 * temporary name and renamed, so `target` is never a half-written backup.
 */
export async function backupDatabase(databaseUrl: string, target: string): Promise<BackupResult> {
  const file = resolve(target);
  if (!existsSync(dirname(file))) throw new BackupError(`The folder ${dirname(file)} does not exist.`);
  const partial = join(dirname(file), `.${basename(file)}.partial-${process.pid}`);
  try {
    if (databaseUrl.startsWith("sqlite:")) {
      const source = sqlitePath(databaseUrl);
      if (!existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
      const db = new Database(source, { fileMustExist: true });
      try {
        db.pragma("busy_timeout = 5000");
        await db.backup(partial, { progress: () => ALL_PAGES });
      } finally {
        db.close();
      }
      checkSqliteFile(partial);
    } else {
      const pgDump = await findPgTool("pg_dump");
      if (!pgDump) throw new BackupError(PG_TOOLS_MISSING);
      await run(pgDump, ["--format=custom", "--file", partial], pgEnv(databaseUrl)).catch((error: Error) => {
        throw new BackupError(error.message);
      });
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { engine: databaseUrl.startsWith("sqlite:") ? "sqlite" : "postgres", file, bytes: statSync(file).size };
}

/** Fails unless `file` is an intact Contactbook SQLite database; returns how many accounts it holds. */
function checkSqliteFile(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new BackupError(`${file} is damaged: ${String(check)}`);
    return accountsIn(db);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a Contactbook SQLite backup (${(error as Error).message}).`);
  } finally {
    db.close();
  }
}

function accountsIn(db: Database.Database): number {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get();
  return table ? Number((db.prepare("select count(*) as n from users").get() as { n: number }).n) : 0;
}

/**
 * Puts a backup back. Refuses to replace a database that holds accounts unless `force` is set: a
 * restore loses everything written since the backup. Stop Contactbook first.
 */
export async function restoreDatabase(databaseUrl: string, source: string, force: boolean): Promise<RestoreResult> {
  const file = resolve(source);
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  if (databaseUrl.startsWith("sqlite:")) {
    const target = sqlitePath(databaseUrl);
    if (!existsSync(dirname(target))) throw new BackupError(`The folder ${dirname(target)} does not exist.`);
    checkSqliteFile(file);
    if (existsSync(target) && !force) {
      const live = new Database(target, { fileMustExist: true });
      let accounts: number;
      try {
        accounts = accountsIn(live);
      } finally {
        live.close();
      }
      if (accounts > 0) throw refusal(target, accounts);
    }
    // Through the backup API rather than a file copy: it takes SQLite's locks and rewrites the
    // target's pages, so a stale -wal file beside it can never be replayed over the restored data.
    const backup = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(target, { progress: () => ALL_PAGES });
    } finally {
      backup.close();
    }
    return { engine: "sqlite", target: `the SQLite database ${target}` };
  }
  const pgRestore = await findPgTool("pg_restore");
  if (!pgRestore) throw new BackupError(PG_TOOLS_MISSING);
  // Connecting first turns a missing database or an unreachable server into one line, before pg_restore.
  const accounts = await countPgAccounts(databaseUrl);
  if (accounts > 0 && !force) throw refusal(describePostgres(databaseUrl), accounts);
  const args = ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error"];
  try {
    await run(pgRestore, [...args, "--dbname", postgresTarget(databaseUrl).database, file], pgEnv(databaseUrl));
  } catch (error) {
    throw new BackupError(`Nothing was restored (pg_restore ran in one transaction): ${(error as Error).message}`);
  }
  return { engine: "postgres", target: describePostgres(databaseUrl) };
}

const refusal = (what: string, accounts: number) =>
  new BackupError(
    `Refusing to overwrite ${what}: it holds ${accounts} account(s), and everything written since the backup would be lost. ` +
      "Stop Contactbook, then run the restore again with --force.",
  );

async function countPgAccounts(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === MISSING_DATABASE) throw new BackupError(`${missingDatabaseMessage(databaseUrl)}, then run the restore again.`);
    throw new BackupError(`Cannot connect to ${describePostgres(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    const exists = await client.query<{ t: string | null }>("select to_regclass('users')::text as t");
    if (!exists.rows[0]?.t) return 0;
    const { rows } = await client.query<{ n: string }>("select count(*) as n from users");
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * libpq's PG* variables for the URL, so the password never shows in the process list as a
 * command-line argument would.
 */
function pgEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const target = postgresTarget(databaseUrl);
  const vars: Record<string, string> = {
    PGHOST: target.host,
    PGPORT: target.port,
    PGUSER: target.user,
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: target.database,
    PGSSLMODE: url.searchParams.get("sslmode") ?? "",
  };
  return { ...process.env, ...Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== "")) };
}
