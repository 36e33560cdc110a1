import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

/** Which app passwords (devices) have opened one organization's book, for its audit (ADR 013). */
export function davDeviceRepository(db: Kysely<Schema>, organizationId: string) {
  return {
    /** Records the device's first visit (and full sync, when it is one); false when it had been here before. */
    async insertIfNew(appPasswordId: string, now: string, fullSync: boolean): Promise<boolean> {
      const result = await db
        .insertInto("dav_devices")
        .values({
          app_password_id: appPasswordId,
          organization_id: organizationId,
          first_seen_at: now,
          full_sync_at: fullSync ? now : null,
        })
        .onConflict((oc) => oc.columns(["app_password_id", "organization_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Records the device's first full sync; false when it had had one already. */
    async markFullSync(appPasswordId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("dav_devices")
        .set({ full_sync_at: now })
        .where("app_password_id", "=", appPasswordId)
        .where("organization_id", "=", organizationId)
        .where("full_sync_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
