import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type AppDatabase, type Engine, openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { createMemoryLogger } from "../logger.js";
import { buildDeps } from "../deps.js";

export const APP_URL = "http://localhost:3000";
export const TEST_SCHEMA_PREFIX = "test_";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  database: AppDatabase;
  /** The URL and schema that reach the same data, for a second connection. */
  url: string;
  searchPath?: string;
  drop(): Promise<void>;
}

/** A fresh, empty, unmigrated database: a temp SQLite file or a PostgreSQL schema of its own. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "contactbook-test-"));
    const url = `sqlite:${join(dir, "test.db")}`;
    const database = openDatabase(url);
    let dropped = false;
    return {
      database,
      url,
      drop: async () => {
        if (dropped) return;
        dropped = true;
        await database.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(url, { searchPath: schema });
  let closed = false;
  return {
    database,
    url,
    searchPath: schema,
    // The schema itself is dropped by the global teardown (server/test/global-setup.ts): dropping it
    // here would race Kysely's migrator, whose catalog introspection reads every schema at once.
    drop: async () => {
      if (closed) return;
      closed = true;
      await database.destroy();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_URL,
    AUTH_SECRET: "test-secret-".padEnd(48, "x"),
    DATA_DIR: join(tmpdir(), "contactbook-test-data"),
    WEB_DIR: join(tmpdir(), "contactbook-no-web"),
    NODE_ENV: "test",
    ...overrides,
  });
}

/** A migrated database and the real app built on it, with an in-memory log. */
export async function createTestApp(engine: Engine, env: Record<string, string> = {}) {
  const testDb = await createTestDatabase(engine);
  const config = testConfig(env);
  await migrateToLatest(testDb.database, { defaultCountry: config.defaultCountry });
  const log = createMemoryLogger();
  const deps = { ...buildDeps(config, testDb.database, log), log };
  const app = createApp(deps);
  const close = async () => {
    await deps.live.close();
    await testDb.drop();
  };
  return { app, auth: deps.auth, config, log, mailer: deps.mailer, repos: deps.repos, deps, database: testDb.database, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
