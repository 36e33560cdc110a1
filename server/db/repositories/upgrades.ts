import type { Kysely } from "kysely";
import type { ContactRow, Schema } from "../schema.js";

/** Data upgrades run after the migrations (server/services/data-upgrades.ts), and the contacts they read. */
export function upgradeRepository(db: Kysely<Schema>) {
  return {
    async isDone(name: string): Promise<boolean> {
      return (await db.selectFrom("data_upgrades").select("name").where("name", "=", name).executeTakeFirst()) !== undefined;
    },

    async markDone(name: string, now: string): Promise<void> {
      await db
        .insertInto("data_upgrades")
        .values({ name, done_at: now })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
    },

    /** Contacts of every organization (trash included) that keep device lines without a field, in id order after `after`. */
    withDeviceLines: (after: string, limit: number) =>
      db
        .selectFrom("contacts")
        .selectAll()
        .where("vcard_extra", "is not", null)
        .where("id", ">", after)
        .orderBy("id")
        .limit(limit)
        .execute() as Promise<ContactRow[]>,
  };
}
