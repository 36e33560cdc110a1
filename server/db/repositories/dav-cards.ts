import { type Kysely, sql } from "kysely";
import type { ContactRow, Schema } from "../schema.js";
import { escapeLike } from "./like.js";

/**
 * Names looked up per query: two bound values each, far under SQLite's 32,766 and PostgreSQL's 65,535
 * (a multiget of a whole book of 100,000 cards is 200 queries).
 */
export const NAMES_PER_QUERY = 500;

/** A card's resource name when the client gave it none: the contact's id. */
export const defaultCardName = (id: string) => `${id}.vcf`;

/** A card's resource name: the one its client gave it, else the default. */
export const cardNameOf = (row: { id: string; dav_name: string | null }) => row.dav_name ?? defaultCardName(row.id);

/** The contact id a default resource name stands for (`<id>.vcf`). */
const idOfDefaultName = (name: string) => (name.endsWith(".vcf") && name.length > 4 ? name.slice(0, -4) : undefined);

export type CardChange = { name: string; version: number | null; seq: number };

export interface CardTextMatch {
  property: "FN" | "EMAIL" | "TEL";
  /** Lower-cased, as the default i;unicode-casemap collation compares. */
  text: string;
  match: "equals" | "contains" | "starts-with" | "ends-with";
  negate: boolean;
}

/**
 * One organization's contacts as a CardDAV address book: resource names, ETags (the version) and the
 * change sequence behind sync tokens (migration 0050). Writes go through the contacts service.
 */
export function davCardRepository(db: Kysely<Schema>, organizationId: string) {
  const all = () => db.selectFrom("contacts as c").where("c.organization_id", "=", organizationId);
  const active = () => all().where("c.deleted_at", "is", null);
  const nameOf = cardNameOf;

  return {
    nameOf,

    /** The last change number given in this book: the position a fresh sync token stands for. */
    async currentSeq(): Promise<number> {
      const row = await db.selectFrom("organizations").select("contact_seq").where("id", "=", organizationId).executeTakeFirst();
      return Number(row?.contact_seq ?? 0);
    },

    /** The contact (active or in the trash) a resource name stands for. */
    async findByName(name: string): Promise<ContactRow | undefined> {
      const byName = await all().selectAll("c").where("c.dav_name", "=", name).executeTakeFirst();
      if (byName) return byName as ContactRow;
      const id = idOfDefaultName(name);
      if (!id) return undefined;
      return (await all().selectAll("c").where("c.id", "=", id).where("c.dav_name", "is", null).executeTakeFirst()) as
        ContactRow | undefined;
    },

    /**
     * Active contacts by resource name (a multiget, a sync's changes): full rows, in queries of at most
     * NAMES_PER_QUERY names, so no list of names reaches the engines' limits on bound values.
     */
    async findManyByNames(names: string[]): Promise<ContactRow[]> {
      const rows: ContactRow[] = [];
      for (let at = 0; at < names.length; at += NAMES_PER_QUERY) {
        const part = names.slice(at, at + NAMES_PER_QUERY);
        const ids = part.map(idOfDefaultName).filter((id): id is string => Boolean(id));
        // Two index lookups (by name; by id for default names) rather than one OR, which PostgreSQL scans the book for.
        const named = (await active().selectAll("c").where("c.dav_name", "in", part).execute()) as ContactRow[];
        const byId = ids.length
          ? ((await active().selectAll("c").where("c.dav_name", "is", null).where("c.id", "in", ids).execute()) as ContactRow[])
          : [];
        for (const row of named) rows.push(row);
        for (const row of byId) rows.push(row);
      }
      return rows;
    },

    /** A trashed contact gives up its resource name when a client creates a new card under it. */
    async releaseTrashedName(name: string): Promise<void> {
      await db
        .updateTable("contacts")
        .set({ dav_name: null })
        .where("organization_id", "=", organizationId)
        .where("dav_name", "=", name)
        .where("deleted_at", "is not", null)
        .execute();
    },

    /** Names and versions of the active contacts after `afterId`, by id (a PROPFIND listing, paged). */
    listing: (afterId: string, limit: number) =>
      active()
        .select(["c.id", "c.dav_name", "c.version", "c.updated_at"])
        .where("c.id", ">", afterId)
        .orderBy("c.id")
        .limit(limit)
        .execute(),

    /** Whole rows of the active contacts after `afterId`, by id (a listing that carries the cards). */
    rows: (afterId: string, limit: number) =>
      active().selectAll("c").where("c.id", ">", afterId).orderBy("c.id").limit(limit).execute() as Promise<ContactRow[]>,

    /**
     * What changed after `since`, in order, at most `limit` + 1 entries: each contact's latest state
     * (version null when it is in the trash) and names gone for good. Two index ranges on (organization, seq).
     */
    async changesSince(since: number, limit: number): Promise<CardChange[]> {
      const [contacts, tombstones] = await Promise.all([
        all()
          .select(["c.id", "c.dav_name", "c.version", "c.deleted_at", "c.change_seq"])
          .where("c.change_seq", ">", since)
          .orderBy("c.change_seq")
          .limit(limit + 1)
          .execute(),
        db
          .selectFrom("contact_tombstones")
          .select(["name", "change_seq"])
          .where("organization_id", "=", organizationId)
          .where("change_seq", ">", since)
          .orderBy("change_seq")
          .limit(limit + 1)
          .execute(),
      ]);
      const changes: CardChange[] = [
        ...contacts.map((c) => ({ name: nameOf(c), version: c.deleted_at ? null : c.version, seq: Number(c.change_seq) })),
        ...tombstones.map((t) => ({ name: t.name, version: null, seq: Number(t.change_seq) })),
      ];
      return changes.sort((a, b) => a.seq - b.seq).slice(0, limit + 1);
    },

    /** Active contacts matching every (or any) text-match, at most `limit` + 1, by id. */
    query(matches: CardTextMatch[], anyOf: boolean, limit: number): Promise<ContactRow[]> {
      let query = active().selectAll("c");
      if (matches.length) {
        query = query.where((eb) => {
          const conditions = matches.map((m) => {
            const pattern =
              m.match === "equals"
                ? escapeLike(m.text)
                : m.match === "starts-with"
                  ? `${escapeLike(m.text)}%`
                  : m.match === "ends-with"
                    ? `%${escapeLike(m.text)}`
                    : `%${escapeLike(m.text)}%`;
            const like = (column: ReturnType<typeof sql>) => eb(sql`lower(coalesce(${column}, ''))`, "like", sql`${pattern} escape '\\'`);
            const fullName = sql`trim(c.first_name || ' ' || coalesce(c.last_name, ''))`;
            const hit =
              m.property === "FN"
                ? eb.or([like(fullName), like(sql.ref("c.company"))])
                : m.property === "EMAIL"
                  ? like(sql.ref("c.email"))
                  : eb.or([like(sql.ref("c.phone")), like(sql.ref("c.phone2"))]);
            return m.negate ? eb.not(hit) : hit;
          });
          return anyOf ? eb.or(conditions) : eb.and(conditions);
        });
      }
      return query
        .orderBy("c.id")
        .limit(limit + 1)
        .execute() as Promise<ContactRow[]>;
    },
  };
}
