import type { Kysely } from "kysely";
import { nowIso } from "../ids.js";
import type { Schema } from "../schema.js";

/** Display names (the spec's profiles table), kept in step with Better Auth's copy on the user. */
export function profileRepository(db: Kysely<Schema>) {
  return {
    async findName(userId: string): Promise<string | null> {
      const row = await db.selectFrom("profiles").select("name").where("user_id", "=", userId).executeTakeFirst();
      return row?.name ?? null;
    },

    /** The one way a name is written: profile upserted and the user row's copy updated. Call in a transaction. */
    async setName(userId: string, name: string): Promise<void> {
      const now = nowIso();
      await db
        .insertInto("profiles")
        .values({ user_id: userId, name, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ name, updated_at: now }))
        .execute();
      await db.updateTable("users").set({ name, updatedAt: now }).where("id", "=", userId).execute();
    },
  };
}
