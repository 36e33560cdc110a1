import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Schema } from "./schema.js";
import { SqliteBooleanPlugin } from "./sqlite-booleans.js";

export type Engine = "sqlite" | "postgres";

export interface AppDatabase {
  db: Kysely<Schema>;
  engine: Engine;
  /** PostgreSQL schema the connections use, when not the default. */
  schema?: string;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: the schema to use, so test runs can live side by side in one database. */
  searchPath?: string;
}

/** Opens the database named by a `sqlite:<path>` or `postgres://` URL. */
export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  return openPostgres(url, options.searchPath);
}

function openSqlite(path: string): AppDatabase {
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  // WAL lets readers run beside the writer; NORMAL sync is crash-safe in WAL mode (only the last
  // transactions before a power cut can be lost, never corruption).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new SqliteBooleanPlugin()] });
  return { db, engine: "sqlite", destroy: () => db.destroy() };
}

function openPostgres(url: string, searchPath?: string): AppDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", ...(searchPath ? { schema: searchPath } : {}), destroy: () => db.destroy() };
}
