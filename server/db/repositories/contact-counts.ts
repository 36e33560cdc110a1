import { type Kysely, sql } from "kysely";
import type { Schema } from "../schema.js";

/** Adds `delta` to an organization's active-contact count; call in the transaction that makes the change. */
export async function adjustActiveCount(db: Kysely<Schema>, organizationId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await db
    .insertInto("contact_counts")
    .values({ organization_id: organizationId, active: delta })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet({ active: sql`contact_counts.active + ${delta}` }))
    .execute();
}

export async function readActiveCount(db: Kysely<Schema>, organizationId: string): Promise<number> {
  const row = await db.selectFrom("contact_counts").select("active").where("organization_id", "=", organizationId).executeTakeFirst();
  return Number(row?.active ?? 0);
}

/** Recounts from the contacts themselves (after bulk loads, or to repair). */
export async function recountActive(db: Kysely<Schema>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const n = Number(row?.n ?? 0);
  await db
    .insertInto("contact_counts")
    .values({ organization_id: organizationId, active: n })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet({ active: n }))
    .execute();
  return n;
}
