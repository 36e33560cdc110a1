import { type Insertable, type Kysely, sql } from "kysely";
import type { ContactMergesTable, ContactRow, Schema } from "../schema.js";

/** Merges of one organization's duplicate contacts (ADR 018), and the rows and memberships they touch. */
export function contactMergeRepository(db: Kysely<Schema>, organizationId: string) {
  const contactsOf = () => db.selectFrom("contacts as c").where("c.organization_id", "=", organizationId);

  return {
    async insert(row: Insertable<ContactMergesTable>): Promise<void> {
      await db.insertInto("contact_merges").values(row).execute();
    },

    find: (id: string) =>
      db.selectFrom("contact_merges").selectAll().where("id", "=", id).where("organization_id", "=", organizationId).executeTakeFirst(),

    /** Marks a merge undone if it was not yet (conditional: of two undos, one claims it). */
    async claimUndo(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("contact_merges")
        .set({ undone_at: now })
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .where("undone_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** These contacts, active or in the trash (the caller tells them apart by deleted_at). */
    rows: (ids: string[]): Promise<ContactRow[]> =>
      ids.length ? (contactsOf().selectAll("c").where("c.id", "in", ids).execute() as Promise<ContactRow[]>) : Promise.resolve([]),

    /** The organization's groups any of these contacts is in. */
    async groupsOf(contactIds: string[]): Promise<string[]> {
      if (contactIds.length === 0) return [];
      const rows = await db
        .selectFrom("group_contacts as gc")
        .innerJoin("groups as g", "g.id", "gc.group_id")
        .select("gc.group_id")
        .distinct()
        .where("g.organization_id", "=", organizationId)
        .where("gc.contact_id", "in", contactIds)
        .execute();
      return rows.map((r) => r.group_id);
    },

    /** Takes the contact out of these groups again (the memberships a merge gave it). */
    async removeMemberships(contactId: string, groupIds: string[]): Promise<void> {
      if (groupIds.length === 0) return;
      await db.deleteFrom("group_contacts").where("contact_id", "=", contactId).where("group_id", "in", groupIds).execute();
    },

    /** Marks contacts as moved to the trash by this merge (null: no longer). */
    async mark(ids: string[], mergeId: string | null): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable("contacts")
        .set({ merged_into: mergeId })
        .where("organization_id", "=", organizationId)
        .where("id", "in", ids)
        .execute();
    },

    /** The kept contact's name of each of these merges, for the trash's 'merged into <name>'. */
    async keptNames(mergeIds: string[]): Promise<Map<string, string>> {
      if (mergeIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("contact_merges")
        .select(["id", "keep_name"])
        .where("organization_id", "=", organizationId)
        .where("id", "in", mergeIds)
        .execute();
      return new Map(rows.map((r) => [r.id, r.keep_name]));
    },

    /**
     * Phone and e-mail keys held by more than one contact (trashed ones count: the caller reads the
     * active holders), in (kind, key) order after `after`: a range of contact_key_counts, which holds
     * shared keys only (migration 0077), whatever the size of the book.
     */
    async sharedKeys(after: [string, string] | undefined, limit: number): Promise<{ kind: "phone" | "email"; key: string }[]> {
      const from = after ? sql`and (kind, key) > (${after[0]}, ${after[1]})` : sql``;
      const { rows } = await sql<{ kind: "phone" | "email"; key: string }>`select kind, key from contact_key_counts
        where organization_id = ${organizationId} ${from}
        order by kind, key limit ${limit}`.execute(db);
      return rows;
    },

    /**
     * Folded names (sort_name) held by more than one active contact, in order after `after`: one walk of
     * the name index (organization_id, sort_name, id) of active contacts, grouped as it goes.
     */
    async sharedNames(after: string | undefined, limit: number): Promise<string[]> {
      const query = contactsOf()
        .select("c.sort_name")
        .where("c.deleted_at", "is", null)
        .where("c.sort_name", ">", after ?? "")
        .groupBy("c.sort_name")
        .having(sql`count(*)`, ">", 1)
        .orderBy("c.sort_name")
        .limit(limit);
      return (await query.execute()).map((r) => r.sort_name);
    },

    /** The active contacts bearing these folded names, oldest first within each name (the same index). */
    byNames(names: string[]) {
      if (names.length === 0) return Promise.resolve([]);
      return contactsOf()
        .select(["c.id", "c.first_name", "c.last_name", "c.company", "c.kind", "c.phone", "c.email", "c.sort_name", "c.created_at"])
        .where("c.deleted_at", "is", null)
        .where("c.sort_name", "in", names)
        .orderBy("c.sort_name")
        .orderBy("c.created_at")
        .orderBy("c.id")
        .execute();
    },
  };
}
