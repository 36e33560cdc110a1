import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Engine } from "../database.js";
import type { Schema } from "../schema.js";

const PHONE_LIKE = /^[\d\s()+.\-]+$/;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** What a search box entry looks for: digits for phone-like input, else lower-cased text. */
export function searchTerm(q: string): string {
  const trimmed = q.trim();
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, "");
  return trimmed.toLocaleLowerCase("en");
}

/** Above this many trigram matches a term counts as common. */
const COMMON_TERM_MATCHES = 1000;

export type SearchPlan = "trigram" | "scan";

/**
 * How to search for a term. A rare term is fetched through the trigram index and its few matches
 * sorted. A common one ("smith") would mean sorting tens of thousands of matches, so instead the list's
 * own sort index is walked and rows tested one by one: matches are dense, a page fills at once.
 * The probe stops counting at the threshold, so it stays cheap.
 */
export async function planSearch(db: Kysely<Schema>, engine: Engine, term: string): Promise<SearchPlan> {
  if (term.length < 3) return "scan";
  const probe =
    engine === "sqlite"
      ? sql<{ n: number }>`select count(*) as n from (select rowid from contacts_fts where contacts_fts match ${ftsPhrase(term)} limit ${COMMON_TERM_MATCHES}) as probe`
      : sql<{ n: number }>`select count(*) as n from (select 1 from contacts where search_text like ${likePattern(term)} escape '\\' limit ${COMMON_TERM_MATCHES}) as probe`;
  const { rows } = await probe.execute(db);
  return Number(rows[0]?.n ?? 0) >= COMMON_TERM_MATCHES ? "scan" : "trigram";
}

const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
const likePattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * A condition on `c` (contacts) for a search term. With the trigram plan, terms of three characters or
 * more go through the trigram index (substring anywhere). With the scan plan the row's search_text is
 * tested directly. Terms under three characters match the start of a name, e-mail or phone, since a
 * trigram index cannot serve them.
 */
export function searchCondition(engine: Engine, term: string, plan: SearchPlan = "trigram") {
  return (eb: ExpressionBuilder<Schema & { c: Schema["contacts"] }, "c">): Expression<SqlBool> => {
    if (term.length < 3) {
      const prefix = `${escapeLike(term)}%`;
      return eb.or([
        eb("c.sort_name", "like", sql<string>`${prefix} escape '\\'`),
        eb("c.sort_last", "like", sql<string>`${prefix} escape '\\'`),
        eb(sql`lower(c.email)`, "like", sql<string>`${prefix} escape '\\'`),
        eb("c.phone_digits", "like", sql<string>`${prefix} escape '\\'`),
      ]);
    }
    if (plan === "scan" || engine === "postgres") {
      return eb("c.search_text", "like", sql<string>`${likePattern(term)} escape '\\'`);
    }
    return sql<SqlBool>`c.rowid in (select rowid from contacts_fts where contacts_fts match ${ftsPhrase(term)})`;
  };
}
