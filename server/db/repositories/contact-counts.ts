import { type Kysely, sql } from "kysely";
import type { Schema } from "../schema.js";

/** An organization's exact active-contact count, kept in step by the writes that change it. */
export function contactCounter(db: Kysely<Schema>, organizationId: string) {
  return {
    /** Adds `delta`; call in the transaction that makes the change. */
    async adjust(delta: number): Promise<void> {
      if (delta === 0) return;
      await db
        .insertInto("contact_counts")
        .values({ organization_id: organizationId, active: delta })
        .onConflict((oc) => oc.column("organization_id").doUpdateSet({ active: sql`contact_counts.active + ${delta}` }))
        .execute();
    },

    async read(): Promise<number> {
      const row = await db.selectFrom("contact_counts").select("active").where("organization_id", "=", organizationId).executeTakeFirst();
      return Number(row?.active ?? 0);
    },

    /** Recounts from the contacts themselves (after bulk loads, or to repair). */
    async recount(): Promise<number> {
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
    },
  };
}
