import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from "kysely";
import type { ImportsTable, Schema } from "../schema.js";

export type ImportRow = Selectable<ImportsTable>;

/** A contact an import merged into: the values it changed, as they were (for undo), and its version after. */
export interface ImportChange {
  contactId: string;
  previous: Record<string, unknown>;
  versionAfter: number;
}

/** One organization's import runs and the changes they made. */
export function importRepository(db: Kysely<Schema>, organizationId: string) {
  const runs = () => db.selectFrom("imports").where("organization_id", "=", organizationId);

  return {
    async insert(row: Insertable<ImportsTable>): Promise<void> {
      await db.insertInto("imports").values(row).execute();
    },

    async update(id: string, values: Updateable<ImportsTable>): Promise<void> {
      await db.updateTable("imports").set(values).where("id", "=", id).where("organization_id", "=", organizationId).execute();
    },

    find: (id: string) => runs().selectAll().where("id", "=", id).executeTakeFirst(),

    /** Marks a run undone unless it already is: true for the one request of several at once that wins. */
    async claimUndo(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("imports")
        .set({ undone_at: now })
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .where("undone_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Newest first, after the keyset (created_at, id). */
    page(after: [string, string] | undefined, limit: number) {
      let query = runs().selectAll();
      if (after) query = query.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(after[0], after[1])));
      return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    /** Remembers what a run changed on existing contacts, for undo. */
    /**
     * Records the previous values of contacts a batch changed. A contact changed by an earlier batch of
     * the same run keeps its first previous values (the ones from before the run) and gets the new version.
     */
    async recordChanges(importId: string, changes: ImportChange[]): Promise<void> {
      if (changes.length === 0) return;
      const earlier = new Map(
        (
          await db
            .selectFrom("import_changes")
            .select(["contact_id", "previous"])
            .where("import_id", "=", importId)
            .where(
              "contact_id",
              "in",
              changes.map((c) => c.contactId),
            )
            .execute()
        ).map((r) => [r.contact_id, JSON.parse(r.previous) as Record<string, unknown>]),
      );
      await db
        .insertInto("import_changes")
        .values(
          changes.map((c) => ({
            import_id: importId,
            contact_id: c.contactId,
            previous: JSON.stringify({ ...c.previous, ...earlier.get(c.contactId) }),
            version_after: c.versionAfter,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["import_id", "contact_id"]).doUpdateSet((eb) => ({
            previous: eb.ref("excluded.previous"),
            version_after: eb.ref("excluded.version_after"),
          })),
        )
        .execute();
    },

    /** Remembers the memberships a run gave contacts that existed before it, for undo. */
    async recordGroupLinks(importId: string, links: { group_id: string; contact_id: string }[]): Promise<void> {
      for (let i = 0; i < links.length; i += 1000) {
        await db
          .insertInto("import_group_links")
          .values(links.slice(i, i + 1000).map((link) => ({ import_id: importId, ...link })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    },

    /** Takes away the memberships a run gave contacts that existed before it; answers how many were still there. */
    async removeGroupLinks(importId: string): Promise<number> {
      const result = await db
        .deleteFrom("group_contacts")
        // A row value against the links' primary key, on either engine.
        .where(sql<boolean>`(group_id, contact_id) in (select group_id, contact_id from import_group_links where import_id = ${importId})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The recorded changes of a run, a batch at a time after `afterContactId`. */
    changes: (importId: string, afterContactId: string, limit: number) =>
      db
        .selectFrom("import_changes")
        .selectAll()
        .where("import_id", "=", importId)
        .where("contact_id", ">", afterContactId)
        .orderBy("contact_id")
        .limit(limit)
        .execute(),
  };
}

export function usageRepository(db: Kysely<Schema>) {
  return {
    /** Adds to one person's counters of one month (spec section 3: usage_stats). */
    async add(organizationId: string, userId: string, period: string, counts: Partial<Record<"imports" | "exports" | "searches", number>>) {
      const values = { imports: counts.imports ?? 0, exports: counts.exports ?? 0, searches: counts.searches ?? 0 };
      if (values.imports + values.exports + values.searches === 0) return;
      await db
        .insertInto("usage_stats")
        .values({ organization_id: organizationId, user_id: userId, period, ...values })
        .onConflict((oc) =>
          oc.columns(["organization_id", "period", "user_id"]).doUpdateSet((eb) => ({
            imports: eb("usage_stats.imports", "+", values.imports),
            exports: eb("usage_stats.exports", "+", values.exports),
            searches: eb("usage_stats.searches", "+", values.searches),
          })),
        )
        .execute();
    },

    /** Counters of the months from..to (inclusive), per person, with the person's e-mail and name. */
    range: (organizationId: string, from: string, to: string) =>
      db
        .selectFrom("usage_stats as s")
        .leftJoin("users as u", "u.id", "s.user_id")
        .leftJoin("profiles as p", "p.user_id", "s.user_id")
        .select(["s.user_id", "s.period", "s.imports", "s.exports", "s.searches", "u.email", "p.name"])
        .where("s.organization_id", "=", organizationId)
        .where("s.period", ">=", from)
        .where("s.period", "<=", to)
        .orderBy("s.period")
        .orderBy("s.user_id")
        .execute(),

    forPeriod: (organizationId: string, period: string) =>
      db.selectFrom("usage_stats").selectAll().where("organization_id", "=", organizationId).where("period", "=", period).execute(),
  };
}
