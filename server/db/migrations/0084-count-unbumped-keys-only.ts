import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";
import { countInsertFunction } from "./0077-shared-key-counts.js";
import { uncounted } from "./0081-uncounted-new-keys.js";

// ADR 018, amended. PostgreSQL's insert trigger of the key counts counted the holders of every key a
// statement wrote, and only then set aside those whose count row it had bumped: an import batch's keys
// that others hold are mostly keys counted already (an office line), so most of that count was thrown
// away. The keys without a row are now set aside first (a materialized step), and only they are counted.
// Four batches of 1,800 office lines twice, on a copy of a 200,000-contact book: 255-311 ms against
// 365-384 ms (bench/RESULTS.md, fourteenth session). SQLite's trigger looks once per row and is unchanged.

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await countInsertFunction(uncounted, false).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await countInsertFunction(uncounted).execute(db);
}
