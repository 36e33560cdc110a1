import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.js";
import { newId } from "../ids.js";
import type { Schema } from "../schema.js";

/** One history row to write; `changes` is the JSON text of the fields changed. */
export interface NewHistoryRow {
  contact_id: string;
  version: number;
  at: string;
  user_id: string | null;
  actor: string | null;
  source: string;
  action: string;
  changes: string;
}

export interface HistoryRow extends NewHistoryRow {
  id: string;
  at: string;
  user_name: string | null;
}

const COLUMNS = ["id", "organization_id", "contact_id", "version", "at", "user_id", "actor", "source", "action", "changes"] as const;

/** The history of one organization's contacts (ADR 016). */
export function contactHistoryRepository(db: Kysely<Schema>, engine: Engine, organizationId: string) {
  return {
    /**
     * Writes history rows; many (an import's batch) travel as one JSON parameter in one statement, as the
     * batch's contacts do (insertMany), instead of ten bound values a row.
     */
    async insert(rows: NewHistoryRow[]): Promise<void> {
      if (rows.length === 0) return;
      const full = rows.map((row) => ({ ...row, id: newId(), organization_id: organizationId }));
      if (full.length === 1) {
        await db.insertInto("contact_history").values(full[0]!).execute();
        return;
      }
      const list = sql.join(COLUMNS.map((c) => sql.ref(c)));
      if (engine === "postgres") {
        const json = JSON.stringify(full);
        await sql`insert into contact_history (${list}) select ${list} from jsonb_populate_recordset(null::contact_history, ${json}::jsonb)`.execute(
          db,
        );
      } else {
        const json = JSON.stringify(full.map((row) => COLUMNS.map((c) => row[c])));
        const values = sql.join(COLUMNS.map((_, i) => sql`value ->> ${sql.lit(i)}`));
        await sql`insert into contact_history (${list}) select ${values} from jsonb_each(jsonb(${json}))`.execute(db);
      }
    },

    /** A contact's rows newest first, before the keyset (version, id) of the previous page; with the person's name. */
    page(contactId: string, before: [number, string] | undefined, limit: number): Promise<HistoryRow[]> {
      let query = db
        .selectFrom("contact_history as h")
        .leftJoin("profiles as p", "p.user_id", "h.user_id")
        .leftJoin("users as u", "u.id", "h.user_id")
        .select(["h.id", "h.contact_id", "h.version", "h.at", "h.user_id", "h.actor", "h.source", "h.action", "h.changes"])
        .select((eb) => eb.fn.coalesce("p.name", "u.name").as("user_name"))
        .where("h.organization_id", "=", organizationId)
        .where("h.contact_id", "=", contactId);
      if (before) query = query.where((eb) => eb(eb.refTuple("h.version", "h.id"), "<", eb.tuple(before[0], before[1])));
      return query.orderBy("h.version", "desc").orderBy("h.id", "desc").limit(limit).execute() as Promise<HistoryRow[]>;
    },

    /** The changes of a contact's rows after `version` (newest first): what to undo to get back to it. */
    async changesSince(contactId: string, version: number): Promise<string[]> {
      const rows = await db
        .selectFrom("contact_history")
        .select("changes")
        .where("organization_id", "=", organizationId)
        .where("contact_id", "=", contactId)
        .where("version", ">", version)
        .orderBy("version", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((r) => r.changes);
    },

    /** Whether the contact has a row at this version. */
    async has(contactId: string, version: number): Promise<boolean> {
      const row = await db
        .selectFrom("contact_history")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("contact_id", "=", contactId)
        .where("version", "=", version)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Forgets a contact's earlier values (a purge: the data goes, the fact of the purge stays). */
    async forget(contactId: string): Promise<void> {
      await db.deleteFrom("contact_history").where("organization_id", "=", organizationId).where("contact_id", "=", contactId).execute();
    },

    /** The contact as stored, active or in the trash. */
    contactState(contactId: string) {
      return db
        .selectFrom("contacts")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("id", "=", contactId)
        .executeTakeFirst();
    },

    /** An import run's file name and who started it, for the rows it writes. */
    importRun(importId: string) {
      return db
        .selectFrom("imports as i")
        .leftJoin("users as u", "u.id", "i.user_id")
        .select(["i.file_name", "i.user_id", "u.name as user_name"])
        .where("i.id", "=", importId)
        .executeTakeFirst();
    },
  };
}

/** Deletes rows older than `before`, at most `limit` of them (so a first prune of a year does not hold a lock for long). */
export async function pruneHistory(db: Kysely<Schema>, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("contact_history")
    .where("id", "in", (eb) => eb.selectFrom("contact_history").select("id").where("at", "<", before).orderBy("at").limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
