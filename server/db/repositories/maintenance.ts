import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.js";
import type { Schema } from "../schema.js";

/** Upkeep after bulk writes, run outside any transaction and without blocking the app's reads and writes. */
export function maintenanceRepository(db: Kysely<Schema>, engine: Engine) {
  return {
    /**
     * After a large import: PostgreSQL's VACUUM (ANALYZE) merges the trigram index's pending list (every
     * search would scan it), sets the visibility map index-only counts need and refreshes statistics;
     * SQLite's PRAGMA optimize refreshes the statistics its planner uses.
     */
    async afterBulkWrite(): Promise<void> {
      if (engine === "sqlite") {
        await sql`pragma optimize`.execute(db);
        return;
      }
      await db.connection().execute(async (conn) => {
        // VACUUM of a large book takes longer than the request statement limit; it may.
        await sql`set statement_timeout = 0`.execute(conn);
        try {
          await sql`vacuum (analyze) contacts`.execute(conn);
        } finally {
          await sql`reset statement_timeout`.execute(conn);
        }
      });
    },
  };
}
