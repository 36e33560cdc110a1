import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * 'Require two-factor for everyone in this organization' (ADR 022, "Organizations that require it"):
 * off unless an owner or admin turns it on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable("organizations")
    .addColumn("require_two_factor", t.boolean, (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("organizations").dropColumn("require_two_factor").execute();
}
