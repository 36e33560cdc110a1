import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { ContactFilter, ContactSort } from "../../../shared/contact-schemas.js";
import type { Engine } from "../database.js";
import type { ContactRow, ContactsTable, Schema } from "../schema.js";
import { searchCondition } from "./contact-search.js";

type SortColumn = "no_last" | "sort_last" | "sort_first" | "sort_name" | "accessed_key" | "fav_rank" | "created_at" | "updated_at" | "id";

/** Each sort order is a column list walked in one direction, ending in id so ties are broken. */
export const SORTS: Record<ContactSort, { columns: SortColumn[]; direction: "asc" | "desc" }> = {
  last_name: { columns: ["no_last", "sort_last", "sort_first", "id"], direction: "asc" },
  name: { columns: ["sort_name", "id"], direction: "asc" },
  first_name: { columns: ["sort_first", "id"], direction: "asc" },
  recent: { columns: ["accessed_key", "id"], direction: "desc" },
  favorite: { columns: ["fav_rank", "sort_name", "id"], direction: "asc" },
  created: { columns: ["created_at", "id"], direction: "desc" },
  updated: { columns: ["updated_at", "id"], direction: "desc" },
};

export interface ListOptions {
  organizationId: string;
  engine: Engine;
  term?: string | undefined;
  filter: ContactFilter;
  /** ISO time: "recent" means accessed at or after it. */
  recentSince: string;
}

type ContactQuery = SelectQueryBuilder<Schema & { c: ContactsTable }, "c", object>;

/** Active contacts of one organization, narrowed by filter and search. */
export function activeContacts(db: Kysely<Schema>, o: ListOptions): ContactQuery {
  let query = db
    .selectFrom("contacts as c")
    .where("c.organization_id", "=", o.organizationId)
    .where("c.deleted_at", "is", null) as unknown as ContactQuery;
  if (o.filter === "favorites") query = query.where("c.fav_rank", "=", 0);
  if (o.filter === "recent") query = query.where("c.accessed_key", ">=", o.recentSince);
  if (o.term) query = query.where(searchCondition(o.engine, o.term));
  return query;
}

type PageOptions = ListOptions & { sort: ContactSort; after?: unknown[] | undefined; limit: number };

/** One page in the given order, after the keyset `after` (the sort values of the previous last row). */
export async function listContactsPage(db: Kysely<Schema>, o: PageOptions) {
  if (o.engine === "postgres" && o.term && o.term.length >= 3) {
    // PostgreSQL would rather walk the sort index and test each row, which crawls when matches are
    // bunched in sort order ("smith" under a last-name sort). Without plain index scans it takes the
    // trigram index's matches and sorts those, like SQLite does.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_indexscan = off`.execute(trx);
      return pageQuery(trx, o);
    });
  }
  return pageQuery(db, o);
}

/** The columns a list shows (presentContact); the sort keys are read for the order in use only. */
export const SHOWN_COLUMNS = [
  "id", "organization_id", "first_name", "last_name", "company", "email", "phone", "phone_type", "phone2", "phone2_type",
  "address", "city", "province_state", "postal_zip_code", "notes", "is_favorite", "last_accessed", "created_at",
  "updated_at", "deleted_at", "version",
] as const satisfies readonly (keyof ContactsTable)[];

export type ShownContact = Pick<ContactRow, (typeof SHOWN_COLUMNS)[number]>;
export type ListedContact = ShownContact & Partial<Pick<ContactRow, SortColumn>>;

function pageQuery(db: Kysely<Schema>, o: PageOptions): Promise<ListedContact[]> {
  const spec = SORTS[o.sort];
  // Every value read costs on a 50-row page; the search text and unused sort keys are left out.
  const columns = [...new Set<keyof ContactsTable>([...SHOWN_COLUMNS, ...spec.columns])];
  let query = activeContacts(db, o).select(columns.map((c) => `c.${c}` as const)) as unknown as SelectQueryBuilder<Schema & { c: ContactsTable }, "c", ListedContact>;
  if (o.after) {
    const after = o.after;
    query = query.where((eb) =>
      eb(eb.refTuple(...(spec.columns.map((c) => `c.${c}`) as [any, any])), spec.direction === "asc" ? ">" : "<", eb.tuple(...(after as [any, any]))),
    );
  }
  for (const column of spec.columns) query = query.orderBy(`c.${column}`, spec.direction);
  return query.limit(o.limit).execute();
}

/**
 * Counts matches up to `cap` + 1 and stops there, so a badge over a huge result costs a bounded read;
 * a result of cap + 1 means "more than cap".
 */
export async function countContactsCapped(db: Kysely<Schema>, o: ListOptions, cap: number): Promise<number> {
  const limited = activeContacts(db, o).select("c.id").limit(cap + 1);
  const row = await db
    .selectFrom(limited.as("m"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * All three chip counts for a search in one pass over at most `cap` + 1 matches (a search's matches
 * come from the trigram index, so one pass costs what one count does). `truncated` says the matches
 * ran past the cap, when favourites and recent are only lower bounds.
 */
export async function countMatchesByFilter(db: Kysely<Schema>, o: ListOptions, cap: number) {
  const matches = activeContacts(db, { ...o, filter: "all" })
    .select(["c.fav_rank", "c.accessed_key"])
    .limit(cap + 1);
  const row = await db
    .selectFrom(matches.as("m"))
    .select((eb) => [
      eb.fn.countAll<number | string>().as("all"),
      eb.fn.sum<number | string | null>(sql`case when m.fav_rank = 0 then 1 else 0 end`).as("favorites"),
      eb.fn.sum<number | string | null>(sql`case when m.accessed_key >= ${o.recentSince} then 1 else 0 end`).as("recent"),
    ])
    .executeTakeFirst();
  const all = Number(row?.all ?? 0);
  return { all, favorites: Number(row?.favorites ?? 0), recent: Number(row?.recent ?? 0), truncated: all > cap };
}
