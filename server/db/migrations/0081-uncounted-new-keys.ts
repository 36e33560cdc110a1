import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";
import { countInsertFunction } from "./0077-shared-key-counts.js";
import { UNCOUNTED_KEYS_SETTING } from "../key-counts.js";

// ADR 018, amended. PostgreSQL's insert trigger of the key counts looked into `contact_keys` for every key
// a statement wrote, to find whether another contact holds it: for an import batch's 6,000 keys it took as
// long as their insert, though the plan already knew that most (a new mobile, a new e-mail) are nobody
// else's. Under UNCOUNTED_KEYS_SETTING a statement's keys are not counted; the batch sets it around the
// insert of those keys alone (contacts.ts, insertPacked), and the others are counted as before. SQLite's
// trigger looks once per row and is left as it is.

export const uncounted = sql.raw(`coalesce(current_setting('${UNCOUNTED_KEYS_SETTING}', true), '') = 'on'`);

export async function up(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await countInsertFunction(uncounted).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (columnTypes(db).sqlite) return;
  await countInsertFunction(null).execute(db);
}
