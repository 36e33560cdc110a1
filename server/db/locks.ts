import { sql } from "kysely";
import type { AppDatabase } from "./database.js";

/**
 * Runs `work` while holding a PostgreSQL advisory lock named by `key`, so several instances starting
 * together do it one at a time. SQLite is one process: it just runs.
 */
export async function withDatabaseLock<T>(database: AppDatabase, key: number, work: () => Promise<T>): Promise<T> {
  if (database.engine === "sqlite") return work();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
