import { type Insertable, type Kysely, type SelectQueryBuilder, type SqlBool, type Updateable, sql } from "kysely";
import type { ContactFilter, ContactSort } from "../../../shared/contact-schemas.js";
import type { Engine } from "../database.js";
import { toIso } from "../ids.js";
import { UNCOUNTED_KEYS_SETTING } from "../key-counts.js";
import { keyLockName, keyLocks } from "../key-locks.js";
import type { KeyType } from "../paging.js";
import { type ContactRow, type ContactsTable, NO_BIRTHDAY, type Schema } from "../schema.js";
import { contactCounter } from "./contact-counts.js";
import { type PackedContacts, joinPacked, packContacts, packKeys } from "./contact-packing.js";
import { searchCondition } from "./contact-search.js";

type SortColumn =
  "no_last" | "sort_last" | "sort_first" | "sort_name" | "accessed_key" | "fav_rank" | "created_at" | "updated_at" | "birthday_md" | "id";

/** The type of each sort column's value in a cursor. */
export const SORT_COLUMN_TYPES: Record<SortColumn, KeyType> = {
  no_last: "number",
  sort_last: "string",
  sort_first: "string",
  sort_name: "string",
  accessed_key: "string",
  fav_rank: "number",
  created_at: "date",
  updated_at: "date",
  birthday_md: "string",
  id: "string",
};

/** Each sort order is a column list walked in one direction, ending in id so ties are broken. */
export const SORTS: Record<ContactSort, { columns: SortColumn[]; direction: "asc" | "desc" }> = {
  last_name: { columns: ["no_last", "sort_last", "sort_first", "id"], direction: "asc" },
  name: { columns: ["sort_name", "id"], direction: "asc" },
  first_name: { columns: ["sort_first", "sort_last", "id"], direction: "asc" },
  recent: { columns: ["accessed_key", "id"], direction: "desc" },
  favorite: { columns: ["fav_rank", "sort_name", "id"], direction: "asc" },
  created: { columns: ["created_at", "id"], direction: "desc" },
  updated: { columns: ["updated_at", "id"], direction: "desc" },
  // Month and day, then name; contacts without a birthday (NO_BIRTHDAY) after the others.
  birthday: { columns: ["birthday_md", "sort_name", "id"], direction: "asc" },
};

/**
 * A sort read in two parts, the few and then the many (migration 0082): no index holds the whole order,
 * since one of the many would be an insert at a random place for every contact written. `head` is
 * walked first in the sort's direction, along `columns` (the sort's own, or its last ones when the
 * part's first is one value); `inTail` says which part a cursor's first value is in. A filter that
 * leaves nothing of the tail (`emptiesTail`) reads the head alone.
 */
interface SortPart {
  where: string;
  columns: SortColumn[];
}
/** The partial birthdays index's predicate (0082), word for word: both planners use the index only for it. */
const HAS_BIRTHDAY = `c.birthday_md <> '${NO_BIRTHDAY}'`;

const SORT_PARTS: Partial<
  Record<ContactSort, { head: SortPart; tail: SortPart; inTail: (first: unknown) => boolean; emptiesTail: ContactFilter }>
> = {
  // The favourites along their own index (0007's, fav_rank = 0), then the others along the name index.
  favorite: {
    head: { where: "c.fav_rank = 0", columns: ["sort_name", "id"] },
    tail: { where: "c.fav_rank <> 0", columns: ["sort_name", "id"] },
    inTail: (first) => Number(first) !== 0,
    emptiesTail: "favorites",
  },
  // Contacts with a birthday along the index of those, then the others along the name index.
  birthday: {
    head: { where: HAS_BIRTHDAY, columns: ["birthday_md", "sort_name", "id"] },
    tail: { where: `c.birthday_md = '${NO_BIRTHDAY}'`, columns: ["sort_name", "id"] },
    inTail: (first) => first === NO_BIRTHDAY,
    emptiesTail: "birthdays",
  },
};

export interface ListOptions {
  /** The words of a search (shared/search.ts), or undefined for none. */
  term?: string[] | undefined;
  filter: ContactFilter;
  /** ISO time: "recent" means accessed at or after it. */
  recentSince: string;
  /** The month "birthdays" means ('04'): the client's, since a month begins at midnight where they are. */
  birthdayMonth?: string | undefined;
  /** Only the members of this group (already checked to be the organization's). */
  groupId?: string | undefined;
  /**
   * The group holds enough of the book that walking another index (the sort's, a filter's) and testing
   * each row's membership finds a page sooner than reading every member first (services/contacts.ts).
   */
  groupLarge?: boolean | undefined;
  /** Only these contacts (a selection exported), any number: they travel as one parameter. */
  ids?: string[] | undefined;
}

export type PageOptions = ListOptions & {
  sort: ContactSort;
  after?: (string | number)[] | undefined;
  limit: number;
  /** Walks the sort's index the other way (the export reads "created" oldest first). */
  direction?: "asc" | "desc";
};

/** The columns a list shows (presentContact); the sort keys are read for the order in use only. */
export const SHOWN_COLUMNS = [
  "id",
  "organization_id",
  "first_name",
  "last_name",
  "company",
  "email",
  "phone",
  "phone_e164",
  "phone_type",
  "phone2",
  "phone2_e164",
  "phone2_type",
  "address",
  "city",
  "province_state",
  "postal_zip_code",
  "notes",
  "is_favorite",
  "last_accessed",
  "created_at",
  "updated_at",
  "deleted_at",
  "version",
  "kind",
  "name_prefix",
  "middle_name",
  "name_suffix",
  "phonetic_first_name",
  "phonetic_last_name",
  "nickname",
  "department",
  "job_title",
  "birthday",
  "photo_etag",
] as const satisfies readonly (keyof ContactsTable)[];

export type ShownContact = Pick<ContactRow, (typeof SHOWN_COLUMNS)[number]>;
export type ListedContact = ShownContact & Partial<Pick<ContactRow, SortColumn>>;

type ContactQuery = SelectQueryBuilder<Schema & { c: ContactsTable }, "c", object>;
export type NewContact = Insertable<ContactsTable>;

/** The base of every read: one organization's contacts outside the trash, narrowed by filter and search. */
function activeContacts(db: Kysely<Schema>, engine: Engine, organizationId: string, o?: ListOptions): ContactQuery {
  let query = db
    .selectFrom("contacts as c")
    .where("c.organization_id", "=", organizationId)
    .where("c.deleted_at", "is", null) as unknown as ContactQuery;
  if (o?.filter === "favorites") query = query.where("c.fav_rank", "=", 0);
  // `accessed_key > ''` says nothing more (recentSince is a time), but lets both planners use the
  // partial index of opened contacts (migration 0061), which holds this predicate word for word.
  if (o?.filter === "recent") query = query.where("c.accessed_key", ">=", o.recentSince).where(sql<SqlBool>`c.accessed_key > ''`);
  if (o?.filter === "birthdays") {
    const month = o.birthdayMonth ?? new Date().toISOString().slice(5, 7);
    query = query.where("c.birthday_md", ">=", `${month}-01`).where("c.birthday_md", "<=", `${month}-31`);
    // Implied by the range, but the partial index wants its predicate.
    query = query.where(sql<SqlBool>`${sql.raw(HAS_BIRTHDAY)}`);
  }
  if (o?.term) query = query.where(searchCondition(engine, o.term));
  if (o?.groupId) {
    const groupId = o.groupId;
    // `in` leads the planners from the group's links (its members first); `exists` from the other
    // conditions' index, each row then tested against the links' primary key.
    query = o.groupLarge
      ? query.where((eb) => {
          const link = eb
            .selectFrom("group_contacts as gc")
            .select(sql.lit(1).as("one"))
            .where("gc.group_id", "=", groupId)
            .whereRef("gc.contact_id", "=", "c.id");
          // OFFSET 0 keeps PostgreSQL from turning the test into a join led by the links: a group
          // filled since its last ANALYZE looks like one row to it, and its 50,000 members were read
          // and sorted for a page (200 ms at 200,000 contacts against 2 ms walked). SQLite tests
          // each row as written (and wants a LIMIT before any OFFSET).
          return eb.exists(engine === "postgres" ? link.offset(0) : link);
        })
      : query.where("c.id", "in", (eb) => eb.selectFrom("group_contacts as gc").select("gc.contact_id").where("gc.group_id", "=", groupId));
  }
  if (o?.ids) query = query.where(sql<SqlBool>`c.id in (${listParameter(engine, o.ids)})`);
  return query;
}

/** Many values as one parameter, for `x in (...)`: a bound value each would be thousands of them. */
const listParameter = (engine: Engine, values: string[]) =>
  engine === "postgres" ? sql`select unnest(${values}::text[])` : sql`select value from json_each(${JSON.stringify(values)})`;

/** A key a contact is matched by: a phone's comparison key or a lower-cased e-mail (ADR 015). */
export interface MatchKey {
  kind: "phone" | "email";
  key: string;
}

/** Oldest first (created_at, then id): the order duplicates are named and merged into in. */
function byCreated(a: Pick<ContactRow, "created_at" | "id">, b: Pick<ContactRow, "created_at" | "id">): number {
  const [x, y] = [toIso(a.created_at)!, toIso(b.created_at)!];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The active contacts of one organization: every query starts from the base above. */
export function contactRepository(db: Kysely<Schema>, engine: Engine, organizationId: string) {
  /**
   * Match keys in one statement whose rows travel as one JSON parameter (packKeys, as the contacts do).
   * The keys are a new contact's, each once (derivedKeysAndMatches): a plain insert, as replaceKeys'. On
   * PostgreSQL `on conflict do nothing` made every key look into the primary key before its insert, a
   * sixth of the statement's time.
   */
  const insertKeys = async (json: string) => {
    if (json === "[]") return;
    if (engine === "postgres") {
      await sql`insert into contact_keys (organization_id, kind, key, contact_id)
        select ${organizationId}, k ->> 0, k ->> 1, k ->> 2 from jsonb_array_elements(${json}::jsonb) as k`.execute(db);
    } else {
      await sql`insert into contact_keys (organization_id, kind, key, contact_id)
        select ${organizationId}, value ->> 0, value ->> 1, value ->> 2 from jsonb_each(jsonb(${json}))`.execute(db);
    }
  };
  const active = (o?: ListOptions) => activeContacts(db, engine, organizationId, o);
  const jsonList = (values: string[]) => listParameter(engine, values);
  const activeRow = () => db.updateTable("contacts").where("organization_id", "=", organizationId).where("deleted_at", "is", null);
  /**
   * The organization's condition for a statement driven by a list of ids. SQLite compares it as
   * `+organization_id`, which no index serves, so the ids are looked up by the primary key: with the
   * statistics a large import leaves (PRAGMA optimize), its planner walked an index of the organization's
   * million contacts instead (200 ms for 210 ids: each Duplicates page, each import batch's reads).
   */
  const ofOrganization = (column: "c.organization_id" | "organization_id") =>
    engine === "postgres" ? sql.ref(column) : sql`+${sql.ref(column)}`;
  /** The active contacts among `ids` (any number: one JSON parameter), by the primary key. */
  const activeAmong = (ids: string[]) =>
    db
      .selectFrom("contacts as c")
      .where(ofOrganization("c.organization_id"), "=", organizationId)
      .where("c.deleted_at", "is", null)
      .where(sql<SqlBool>`c.id in (${jsonList(ids)})`);
  /** activeRow, among `ids`. */
  const activeRowAmong = (ids: string[]) =>
    db
      .updateTable("contacts")
      .where(ofOrganization("organization_id"), "=", organizationId)
      .where("deleted_at", "is", null)
      .where(sql<SqlBool>`id in (${jsonList(ids)})`);

  type PageQuery = SelectQueryBuilder<Schema & { c: ContactsTable }, "c", ListedContact>;

  /**
   * Whether a page is read as "the matches first, then sorted": PostgreSQL's trigram searches (SQLite
   * does that by itself), and Recent in any order but its own, on both engines. Recent's matches are
   * few, bounded by RECENT_DAYS of opening contacts; under sort=recent its index range is the order.
   */
  const sortsMatches = (o: PageOptions) =>
    (engine === "postgres" && o.term?.some((w) => w.length >= 3)) ||
    (o.filter === "recent" && o.sort !== "recent") ||
    // A group's members come from its links (group, then contact), a bounded range however large the
    // book: walking a sort index instead would test a million rows to fill a page of a small group.
    // A large group's page is found sooner along the sort's index (see `groupLarge`).
    (o.groupId !== undefined && !o.groupLarge);

  /** The matches, with the shown columns and the sort keys of the order in use (every value read costs). */
  const matches = (o: PageOptions, shown: readonly (keyof ContactsTable)[] = SHOWN_COLUMNS, filtered = true) => {
    const columns = [...new Set<keyof ContactsTable>([...shown, ...SORTS[o.sort].columns])];
    return active(filtered ? o : undefined).select(columns.map((c) => `c.${c}` as const)) as unknown as PageQuery;
  };

  /** Keyset (the last values of `after`, as many as `columns`), order and limit on top of a query over `c`. */
  const orderedBy = (query: PageQuery, columns: SortColumn[], direction: "asc" | "desc", after: unknown[] | undefined, limit: number) => {
    if (after) {
      const values = after.slice(after.length - columns.length);
      query = query.where((eb) =>
        eb(
          eb.refTuple(...(columns.map((c) => `c.${c}`) as [any, any])),
          direction === "asc" ? ">" : "<",
          eb.tuple(...(values as [any, any])),
        ),
      );
    }
    for (const column of columns) query = query.orderBy(`c.${column}`, direction);
    return query.limit(limit).execute();
  };

  /** One page of a query over `c` in the sort's order; `whole` reads it in one walk even where SORT_PARTS splits it. */
  const paged = async (query: PageQuery, o: PageOptions, whole = false): Promise<ListedContact[]> => {
    const spec = SORTS[o.sort];
    const direction = o.direction ?? spec.direction;
    const split = whole ? undefined : SORT_PARTS[o.sort];
    if (!split) return orderedBy(query, spec.columns, direction, o.after, o.limit);
    const cursorInTail = o.after !== undefined && split.inTail(o.after[0]);
    let parts = [
      { part: split.head, holdsCursor: o.after !== undefined && !cursorInTail },
      { part: split.tail, holdsCursor: cursorInTail },
    ];
    if (o.filter === split.emptiesTail) parts = parts.slice(0, 1);
    if (direction === "desc") parts.reverse();
    // Parts before the cursor's are behind it.
    if (o.after) {
      const at = parts.findIndex((p) => p.holdsCursor);
      // A cursor in a part the filter leaves empty: nothing follows it.
      parts = at < 0 ? [] : parts.slice(at);
    }
    const rows: ListedContact[] = [];
    for (const { part, holdsCursor } of parts) {
      const within = query.where(sql<SqlBool>`${sql.raw(part.where)}`);
      rows.push(...(await orderedBy(within, part.columns, direction, holdsCursor ? o.after : undefined, o.limit - rows.length)));
      if (rows.length >= o.limit) break;
    }
    return rows;
  };

  return {
    counter: contactCounter(db, organizationId),

    /**
     * One page in the given order, after the keyset `after` (the sort values of the previous last row).
     * `shown` narrows the columns read (an export reads only what its format writes): the answer's other
     * fields are then absent.
     */
    async page(o: PageOptions, shown?: readonly (keyof ContactsTable)[]): Promise<ListedContact[]> {
      if (sortsMatches(o)) {
        // The planners would rather walk the sort index and test each row, which crawls when matches
        // are bunched in sort order ("smith" under a last-name sort) or rare (Recent when nothing was
        // opened lately reads the whole book). A materialized CTE makes them take the matches from
        // their own index first and sort those. It carries only the id and the sort keys (10,000
        // matches sort faster narrow, and Recent's come from its index alone); the page's rows are
        // read by id after.
        const keys = [...new Set<keyof ContactsTable>(["id", ...SORTS[o.sort].columns])];
        const firstMatches = db
          .with(
            (wb) => wb("c").materialized(),
            () => active(o).select(keys.map((c) => `c.${c}` as const)),
          )
          .selectFrom("c")
          .selectAll("c");
        // The matches are sorted in memory: in one walk, whatever the sort.
        const top = await paged(firstMatches as unknown as PageQuery, o, true);
        if (top.length === 0) return [];
        // By id alone: the filter and search were applied above (repeated, they could lead a planner
        // back to their own index instead of the primary key).
        const rows = await matches(o, shown, false)
          .where(
            "c.id",
            "in",
            top.map((r) => r.id),
          )
          .execute();
        const byId = new Map(rows.map((row) => [row.id, row]));
        return top.flatMap((r) => byId.get(r.id) ?? []);
      }
      return paged(matches(o, shown), o);
    },

    /**
     * Counts matches up to `cap` + 1 and stops there, so a badge over a huge result costs a bounded read;
     * a result of cap + 1 means "more than cap".
     */
    async countCapped(o: ListOptions, cap: number): Promise<number> {
      const limited = active(o)
        .select("c.id")
        .limit(cap + 1);
      const row = await db
        .selectFrom(limited.as("m"))
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Every chip's count for a search in one pass over at most `cap` + 1 matches. `truncated` says the
     * matches ran past the cap, when favourites, recent and birthdays are only lower bounds.
     */
    async countByFilter(o: ListOptions, cap: number) {
      const month = o.birthdayMonth ?? new Date().toISOString().slice(5, 7);
      // Read from the group's links even for a large group: this pass stops after `cap` + 1 members,
      // where testing the book row by row would read most of it.
      const matches = active({ ...o, filter: "all", groupLarge: false })
        .select(["c.fav_rank", "c.accessed_key", "c.birthday_md"])
        .limit(cap + 1);
      const row = await db
        .selectFrom(matches.as("m"))
        .select((eb) => [
          eb.fn.countAll<number | string>().as("all"),
          eb.fn.sum<number | string | null>(sql`case when m.fav_rank = 0 then 1 else 0 end`).as("favorites"),
          eb.fn.sum<number | string | null>(sql`case when m.accessed_key >= ${o.recentSince} then 1 else 0 end`).as("recent"),
          eb.fn
            .sum<number | string | null>(
              sql`case when m.birthday_md >= ${`${month}-01`} and m.birthday_md <= ${`${month}-31`} then 1 else 0 end`,
            )
            .as("birthdays"),
        ])
        .executeTakeFirst();
      const all = Number(row?.all ?? 0);
      const count = (n: number | string | null | undefined) => Number(n ?? 0);
      return { all, favorites: count(row?.favorites), recent: count(row?.recent), birthdays: count(row?.birthdays), truncated: all > cap };
    },

    find: (id: string) => active().selectAll("c").where("c.id", "=", id).executeTakeFirst() as Promise<ContactRow | undefined>,

    /**
     * The oldest active contact holding any of these keys, in any of its phones or e-mails (other than
     * `exceptId`): every create's duplicate check. Its holders are read as withKeys reads them and the
     * oldest picked here: one statement with an OR of key pairs and `order by created_at` took SQLite
     * 65 ms for one key and 350 ms for two in a book of a million built by imports.
     */
    async findByKeys(keys: MatchKey[], exceptId?: string): Promise<ContactRow | undefined> {
      const ids = [...new Set((await this.keyContacts(keys)).map((h) => h.contact_id))].filter((id) => id !== exceptId);
      if (ids.length === 0) return undefined;
      const [oldest] = (await activeAmong(ids).select(["c.id", "c.created_at"]).execute()).sort(byCreated);
      return oldest ? this.find(oldest.id) : undefined;
    },

    /** The oldest active contact with this normalised phone in any of its phones (other than `exceptId`). */
    findByPhone(digits: string, exceptId?: string): Promise<ContactRow | undefined> {
      return this.findByKeys([{ kind: "phone", key: digits }], exceptId);
    },

    /**
     * Replaces a contact's match keys: call after a write of its row that matched, in the same
     * transaction. On PostgreSQL no foreign key checks that the contact exists (migration 0080): the
     * row's lock from that write keeps a delete out until the commit.
     */
    async replaceKeys(contactId: string, keys: MatchKey[]): Promise<void> {
      await db.deleteFrom("contact_keys").where("contact_id", "=", contactId).execute();
      if (keys.length) {
        await db
          .insertInto("contact_keys")
          .values(keys.map((k) => ({ organization_id: organizationId, kind: k.kind, key: k.key, contact_id: contactId })))
          .execute();
      }
    },

    async insert(row: NewContact, keys: MatchKey[] = []): Promise<void> {
      await db.insertInto("contacts").values(row).execute();
      await insertKeys(packKeys(keys.map((k) => ({ ...k, contact_id: row.id }))));
    },

    /** Writes fields of an active contact (or a trashed one too), if still at `version` when given; false when nothing matched. */
    async update(id: string, values: Updateable<ContactsTable>, version?: number, trashedToo = false): Promise<boolean> {
      const rows = trashedToo ? db.updateTable("contacts").where("organization_id", "=", organizationId) : activeRow();
      let query = rows.set(values).where("id", "=", id);
      if (version !== undefined) query = query.where("version", "=", version);
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    },

    /** The same write, answering the contact as it is now (one statement, RETURNING), or undefined. */
    updateReturning(id: string, values: Updateable<ContactsTable>, version?: number): Promise<ShownContact | undefined> {
      let query = activeRow().set(values).where("id", "=", id);
      if (version !== undefined) query = query.where("version", "=", version);
      return query.returning(SHOWN_COLUMNS).executeTakeFirst();
    },

    /** Moves an active contact to the trash (conditional: of two deletes, only one moves it; at `version` when given). */
    async moveToTrash(id: string, now: string, by: string, version?: number): Promise<boolean> {
      let query = activeRow()
        .set((eb) => ({ deleted_at: now, deleted_by: by, updated_at: now, version: eb("version", "+", 1) }))
        .where("id", "=", id);
      if (version !== undefined) query = query.where("version", "=", version);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Serialises writers of these keys on PostgreSQL, with the locks the key counts' triggers take
     * (key-locks.ts); SQLite writes one at a time anyway. Call in a transaction.
     */
    async lockKeys(keys: readonly MatchKey[]): Promise<void> {
      if (engine !== "postgres" || keys.length === 0) return;
      const names = [...new Set(keys.map((k) => `${organizationId}:${keyLockName(k)}`))];
      await keyLocks("select", sql`${organizationId}::text`, sql`k`, sql`unnest(${names}::text[]) as k`).execute(db);
    },

    /**
     * Inserts many contacts (an import batch) in one statement whose rows travel as one JSON parameter:
     * a statement of a few hundred bytes instead of thousands of bound values (and thousands of query
     * nodes to build and collect per batch).
     */
    insertMany(batch: NewContact[], keys: (MatchKey & { contact_id: string })[] = []): Promise<void> {
      return this.insertPacked(packContacts(batch), packKeys(keys));
    },

    /**
     * insertMany of contacts and keys packed beforehand (contact-packing.ts). `unshared` are keys the
     * caller knows no other contact holds, under the same transaction's locks of them (an import batch's
     * plan): on PostgreSQL the key counts' trigger does not look for other holders of those (0081).
     */
    async insertPacked(packed: PackedContacts, keys: string, unshared = "[]"): Promise<void> {
      if (packed.count === 0) return;
      // The batch's change numbers as one range of the organization's counter (migration 0051); on
      // PostgreSQL the counter's row stays locked to commit, so ranges become visible in order.
      // (The column is the triggers' alone in the typed schema: this is the one other writer.)
      const { rows: counter } = await sql<{ contact_seq: number | string }>`update organizations
        set contact_seq = contact_seq + ${packed.count} where id = ${organizationId} returning contact_seq`.execute(db);
      const last = counter[0]!;
      const first = Number(last.contact_seq) - packed.count + 1;
      const list = sql.join([...packed.columns, "change_seq"].map((c) => sql.ref(c)));
      if (engine === "postgres") {
        // Each value cast to its column's type, read from the catalog (one small read a batch).
        const { rows: types } = await sql<{ name: string; type: string }>`select attname as name,
          format_type(atttypid, atttypmod) as type from pg_attribute
          where attrelid = 'contacts'::regclass and attnum > 0 and not attisdropped`.execute(db);
        const typeOf = new Map(types.map((t) => [t.name, t.type]));
        const values = sql.join(packed.columns.map((c, i) => sql`(r ->> ${sql.lit(i)})::${sql.raw(typeOf.get(c)!)}`));
        await sql`insert into contacts (${list}) select ${values}, ${first}::bigint + n - 1
          from jsonb_array_elements(${packed.json}::jsonb) with ordinality as e(r, n)`.execute(db);
      } else {
        const values = sql.join(packed.columns.map((_, i) => sql`value ->> ${sql.lit(i)}`));
        // jsonb_each: each `value ->> i` reads the row's binary form; over json_each's text every one of
        // them parsed the whole row again (46 columns: 75 against 27 ms a batch of 2,000). Its key is
        // the row's place in the batch.
        await sql`insert into contacts (${list}) select ${values}, ${first} + key from jsonb_each(jsonb(${packed.json}))`.execute(db);
      }
      // SQLite's count trigger looks once per row whatever it is told (0081): its keys go in one statement.
      if (engine !== "postgres" || unshared === "[]") return insertKeys(joinPacked(keys, unshared));
      await insertKeys(keys);
      await sql`select set_config(${UNCOUNTED_KEYS_SETTING}, 'on', true)`.execute(db);
      await insertKeys(unshared);
      await sql`select set_config(${UNCOUNTED_KEYS_SETTING}, 'off', true)`.execute(db);
    },

    /** Moves the contacts an import created (and still active) to the trash; answers how many. */
    async trashImported(importId: string, now: string): Promise<number> {
      const result = await activeRow()
        .set((eb) => ({ deleted_at: now, updated_at: now, version: eb("version", "+", 1) }))
        .where("import_id", "=", importId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * A batch of the ids a scope matches, after the keyset `after` of the previous batch (a bulk action's
     * walk). A group's are read along its links (group, then contact: the primary key); the others along
     * the creation index, as the export reads them, so the whole walk reads that index once.
     */
    async matchingBatch(o: ListOptions, after: [string, string] | undefined, limit: number) {
      const { groupId, ...rest } = o;
      if (groupId) {
        let query = active(rest)
          .innerJoin("group_contacts as gc", "gc.contact_id", "c.id")
          .select("c.id")
          .where("gc.group_id", "=", groupId);
        if (after) query = query.where("gc.contact_id", ">", after[1]);
        const ids = (await query.orderBy("gc.contact_id").limit(limit).execute()).map((r) => r.id);
        return { ids, last: ids.length ? (["", ids.at(-1)!] as [string, string]) : undefined };
      }
      let query = active(rest).select(["c.id", "c.created_at"]);
      if (after) query = query.where((eb) => eb(eb.refTuple("c.created_at", "c.id"), ">", eb.tuple(after[0], after[1])));
      const rows = await query.orderBy("c.created_at").orderBy("c.id").limit(limit).execute();
      const tail = rows.at(-1);
      return { ids: rows.map((r) => r.id), last: tail ? ([toIso(tail.created_at)!, tail.id] as [string, string]) : undefined };
    },

    /** Moves these active contacts to the trash at `now`, by `by`; answers each one moved with its new version. */
    async trashMany(ids: string[], now: string, by: string): Promise<{ id: string; version: number }[]> {
      if (ids.length === 0) return [];
      return activeRowAmong(ids)
        .set((eb) => ({ deleted_at: now, deleted_by: by, updated_at: now, version: eb("version", "+", 1) }))
        .returning(["id", "version"])
        .execute();
    },

    /** Favourite on or off for these active contacts (those not already so); answers how many changed. */
    async setFavoriteMany(ids: string[], isFavorite: boolean, now: string): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await activeRowAmong(ids)
        .set({ is_favorite: isFavorite, fav_rank: isFavorite ? 0 : 1, updated_at: now })
        .where("fav_rank", "=", isFavorite ? 1 : 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Which of `ids` are active contacts of this organization. */
    async activeIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await activeAmong(ids).select("c.id").execute()).map((r) => r.id);
    },

    /**
     * Who holds any of `keys` (an import batch's phones and e-mails, thousands), by the key index alone
     * (trashed contacts' keys included). The keys travel as one JSON parameter per kind: an OR of
     * thousands of pairs is a statement of thousands of nodes, and SQLite plans it poorly.
     */
    async keyContacts(keys: MatchKey[]): Promise<(MatchKey & { contact_id: string })[]> {
      const held: (MatchKey & { contact_id: string })[] = [];
      for (const kind of ["phone", "email"] as const) {
        const wanted = [...new Set(keys.filter((k) => k.kind === kind).map((k) => k.key))];
        if (wanted.length === 0) continue;
        const { rows } = await sql<{ key: string; contact_id: string }>`select key, contact_id from contact_keys
          where organization_id = ${organizationId} and kind = ${kind} and key in (${jsonList(wanted)})`.execute(db);
        for (const r of rows) held.push({ kind, key: r.key, contact_id: r.contact_id });
      }
      return held;
    },

    /** The names of the active contacts among `ids` (any number). */
    async namesOf(ids: string[]): Promise<{ id: string; first_name: string; last_name: string | null; company: string | null }[]> {
      if (ids.length === 0) return [];
      return activeAmong(ids).select(["c.id", "c.first_name", "c.last_name", "c.company"]).execute();
    },

    /** Active contacts by id, whole (any number of ids: they travel as one JSON parameter). */
    async findMany(ids: string[]): Promise<ContactRow[]> {
      if (ids.length === 0) return [];
      return (await activeAmong(ids).selectAll("c").execute()) as ContactRow[];
    },

    /**
     * The active contacts holding any of these keys, oldest first, each with the keys it holds of them.
     * Read as the import reads holders (keyContacts, then findMany) and sorted here: an OR of key pairs
     * made SQLite walk every key of the book (2.3 s at a million), and `order by created_at` the
     * creation index past every contact (170 ms), with the statistics a large import leaves.
     */
    async withKeys(keys: MatchKey[]): Promise<(ContactRow & { matched: MatchKey[] })[]> {
      // Each holder's keys gathered in one pass: an office line held by thousands, filtered again for
      // each of them, was quadratic.
      const matched = new Map<string, MatchKey[]>();
      for (const h of await this.keyContacts(keys)) {
        const own = matched.get(h.contact_id);
        if (own) own.push({ kind: h.kind, key: h.key });
        else matched.set(h.contact_id, [{ kind: h.kind, key: h.key }]);
      }
      const rows = await this.findMany([...matched.keys()]);
      rows.sort(byCreated);
      return rows.map((row) => ({ ...row, matched: matched.get(row.id)! }));
    },
  };
}

export type ContactRepository = ReturnType<typeof contactRepository>;
