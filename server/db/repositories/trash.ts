import type { Kysely } from "kysely";
import type { ContactRow, Schema } from "../schema.js";
import { contactCounter } from "./contact-counts.js";

/** The contacts of one organization that are in the trash: listed, restored or deleted for good. */
export function trashRepository(db: Kysely<Schema>, organizationId: string) {
  const trashed = () =>
    db.selectFrom("contacts as c").where("c.organization_id", "=", organizationId).where("c.deleted_at", "is not", null);
  const counter = contactCounter(db, organizationId);

  return {
    /** Newest deletions first, after the keyset (deleted_at, id). */
    page(after: [string, string] | undefined, limit: number): Promise<ContactRow[]> {
      let query = trashed().selectAll("c");
      if (after) query = query.where((eb) => eb(eb.refTuple("c.deleted_at", "c.id"), "<", eb.tuple(after[0], after[1])));
      return query.orderBy("c.deleted_at", "desc").orderBy("c.id", "desc").limit(limit).execute();
    },

    find: (id: string) => trashed().selectAll("c").where("c.id", "=", id).executeTakeFirst(),

    /** Takes a contact out of the trash if it is still there; the active count follows. Call in a transaction. */
    async restore(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("contacts")
        .set((eb) => ({ deleted_at: null, deleted_by: null, merged_into: null, updated_at: now, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      const restored = Number(result.numUpdatedRows) === 1;
      if (restored) await counter.adjust(1);
      return restored;
    },

    /**
     * Takes out of the trash up to `limit` of the contacts one person moved there at one time (a bulk
     * move's Undo), answering each with its new version; the active count follows. Call in a transaction.
     */
    async restoreMoved(deletedBy: string, deletedAt: string, now: string, limit: number): Promise<{ id: string; version: number }[]> {
      const ids = (
        await trashed()
          .select("c.id")
          .where("c.deleted_by", "=", deletedBy)
          .where("c.deleted_at", "=", deletedAt)
          .where("c.merged_into", "is", null)
          .limit(limit)
          .execute()
      ).map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable("contacts")
        .set((eb) => ({ deleted_at: null, deleted_by: null, updated_at: now, version: eb("version", "+", 1) }))
        .where("organization_id", "=", organizationId)
        .where("deleted_at", "is not", null)
        .where("id", "in", ids)
        .returning(["id", "version"])
        .execute();
      await counter.adjust(rows.length);
      return rows;
    },

    /**
     * Deletes a contact for good, only while it is in the trash: one conditional statement, so a restore
     * that wins the race keeps its contact (and the active count stays exact).
     */
    async purge(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("contacts")
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .where("deleted_at", "is not", null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
