import { type Insertable, type Kysely, type Updateable, sql } from "kysely";
import type { Engine } from "../database.js";
import type { ContactRow, GroupsTable, Schema } from "../schema.js";
import { searchCondition } from "./contact-search.js";

/** Rows per statement of a bulk write: well under either engine's limit of bound values. */
const CHUNK = 1000;

/** One organization's groups and their member links. */
export function groupRepository(db: Kysely<Schema>, engine: Engine, organizationId: string) {
  const groups = () => db.selectFrom("groups").where("organization_id", "=", organizationId);

  return {
    /** By name, after the keyset (name_key, id). */
    page(after: [string, string] | undefined, limit: number) {
      let query = groups().selectAll();
      if (after) query = query.where((eb) => eb(eb.refTuple("name_key", "id"), ">", eb.tuple(after[0], after[1])));
      return query.orderBy("name_key").orderBy("id").limit(limit).execute();
    },

    find: (id: string) => groups().selectAll().where("id", "=", id).executeTakeFirst(),

    /** How many links the group has, counted up to `cap` + 1 (a bounded read of its key range). */
    async membersUpTo(groupId: string, cap: number): Promise<number> {
      const links = db
        .selectFrom("group_contacts")
        .select("contact_id")
        .where("group_id", "=", groupId)
        .limit(cap + 1);
      const row = await db
        .selectFrom(links.as("l"))
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The groups a contact is in, by name (at most `limit`). */
    ofContact: (contactId: string, limit: number) =>
      db
        .selectFrom("groups as g")
        .innerJoin("group_contacts as gc", "gc.group_id", "g.id")
        .select(["g.id", "g.name"])
        .where("g.organization_id", "=", organizationId)
        .where("gc.contact_id", "=", contactId)
        .orderBy("g.name_key")
        .orderBy("g.id")
        .limit(limit)
        .execute(),

    async insert(row: Insertable<GroupsTable>): Promise<void> {
      await db.insertInto("groups").values(row).execute();
    },

    /** Several groups at once (an import's new labels). */
    async insertMany(rows: Insertable<GroupsTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK)
        await db
          .insertInto("groups")
          .values(rows.slice(i, i + CHUNK))
          .execute();
    },

    /**
     * Until the transaction ends, no other import of this organization creates a group of these keys
     * (PostgreSQL; SQLite writes one transaction at a time): two runs with one label make one group.
     */
    async lockNames(keys: string[]): Promise<void> {
      if (engine !== "postgres" || keys.length === 0) return;
      const locks = [...new Set(keys)].sort().map((k) => `${organizationId}:group:${k}`);
      await sql`select pg_advisory_xact_lock(hashtext(k)) from (select unnest(${locks}::text[]) as k order by 1) as ordered`.execute(db);
    },

    /** The groups of these name keys; several of one key (names are not unique) come oldest first. */
    async byKeys(keys: string[]): Promise<{ id: string; name_key: string }[]> {
      const found: { id: string; name_key: string }[] = [];
      for (let i = 0; i < keys.length; i += CHUNK) {
        const part = keys.slice(i, i + CHUNK);
        found.push(
          ...(await groups().select(["id", "name_key"]).where("name_key", "in", part).orderBy("name_key").orderBy("id").execute()),
        );
      }
      return found;
    },

    /** Which of these ids are still this organization's groups. */
    async existingIds(ids: string[]): Promise<string[]> {
      const found: string[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await groups()
          .select("id")
          .where("id", "in", ids.slice(i, i + CHUNK))
          .execute();
        found.push(...rows.map((r) => r.id));
      }
      return found;
    },

    async update(id: string, values: Updateable<GroupsTable>): Promise<boolean> {
      const result = await db
        .updateTable("groups")
        .set(values)
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes the group and its member links (the contacts stay); call in a transaction. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom("group_contacts").where("group_id", "=", id).execute();
      await db.deleteFrom("groups").where("id", "=", id).where("organization_id", "=", organizationId).execute();
    },

    /** A group's members that are not in the trash, newest first, after the keyset (added_at, contact_id). */
    membersPage(groupId: string, after: [string, string] | undefined, limit: number) {
      let query = db
        .selectFrom("group_contacts as gc")
        .innerJoin("contacts as c", "c.id", "gc.contact_id")
        .select([
          "gc.contact_id",
          "gc.added_at",
          "c.first_name",
          "c.last_name",
          "c.company",
          "c.phone",
          "c.email",
          "c.notes",
          "c.organization_id",
        ])
        .where("gc.group_id", "=", groupId)
        .where("c.organization_id", "=", organizationId)
        .where("c.deleted_at", "is", null);
      if (after) query = query.where((eb) => eb(eb.refTuple("gc.added_at", "gc.contact_id"), "<", eb.tuple(after[0], after[1])));
      return query.orderBy("gc.added_at", "desc").orderBy("gc.contact_id", "desc").limit(limit).execute();
    },

    /** Active contacts not yet in the group, by first name, after the keyset (sort_first, sort_last, id). */
    candidatesPage(groupId: string, term: string[] | undefined, after: string[] | undefined, limit: number): Promise<ContactRow[]> {
      let query = db
        .selectFrom("contacts as c")
        .selectAll("c")
        .where("c.organization_id", "=", organizationId)
        .where("c.deleted_at", "is", null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("group_contacts as gc")
                .select("gc.contact_id")
                .whereRef("gc.contact_id", "=", "c.id")
                .where("gc.group_id", "=", groupId),
            ),
          ),
        );
      if (term) query = query.where(searchCondition(engine, term));
      if (after) {
        query = query.where((eb) => eb(eb.refTuple("c.sort_first", "c.sort_last", "c.id"), ">", eb.tuple(after[0]!, after[1]!, after[2]!)));
      }
      return query.orderBy("c.sort_first").orderBy("c.sort_last").orderBy("c.id").limit(limit).execute();
    },

    /** Links contacts to the group (links already there are kept); returns how many were new. */
    async addMembers(groupId: string, contactIds: string[], now: string): Promise<number> {
      const result = await db
        .insertInto("group_contacts")
        .values(contactIds.map((contact_id) => ({ group_id: groupId, contact_id, added_at: now })))
        .onConflict((oc) => oc.columns(["group_id", "contact_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? contactIds.length);
    },

    /** Links contacts to groups in bulk (links already there are kept); answers the links that are new. */
    async addLinks(links: { group_id: string; contact_id: string }[], now: string): Promise<{ group_id: string; contact_id: string }[]> {
      const added: { group_id: string; contact_id: string }[] = [];
      for (let i = 0; i < links.length; i += CHUNK) {
        const rows = await db
          .insertInto("group_contacts")
          .values(links.slice(i, i + CHUNK).map((link) => ({ ...link, added_at: now })))
          .onConflict((oc) => oc.columns(["group_id", "contact_id"]).doNothing())
          .returning(["group_id", "contact_id"])
          .execute();
        added.push(...rows);
      }
      return added;
    },

    /** Unlinks these contacts from the group; answers how many links there were. */
    async removeMembers(groupId: string, contactIds: string[]): Promise<number> {
      if (contactIds.length === 0) return 0;
      const result = await db
        .deleteFrom("group_contacts")
        .where("group_id", "=", groupId)
        .where("contact_id", "in", contactIds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Each group's members outside the trash, counted up to `cap` + 1 (a badge over a huge group costs a
     * bounded read along its links; cap + 1 means "more than cap").
     */
    async memberCounts(groupIds: string[], cap: number): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (const groupId of groupIds) {
        const members = db
          .selectFrom("group_contacts as gc")
          .innerJoin("contacts as c", "c.id", "gc.contact_id")
          .select("gc.contact_id")
          .where("gc.group_id", "=", groupId)
          .where("c.organization_id", "=", organizationId)
          .where("c.deleted_at", "is", null)
          .limit(cap + 1);
        const row = await db
          .selectFrom(members.as("m"))
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirst();
        counts.set(groupId, Number(row?.n ?? 0));
      }
      return counts;
    },

    async removeMember(groupId: string, contactId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("group_contacts")
        .where("group_id", "=", groupId)
        .where("contact_id", "=", contactId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
