import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
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

/**
 * A condition on `c` (contacts) for a search term. Three characters or more go through the trigram
 * index (substring anywhere); shorter ones match the start of a name, e-mail or phone, where a plain
 * index helps, since a trigram index cannot serve them.
 */
export function searchCondition(engine: Engine, term: string) {
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
    if (engine === "sqlite") {
      const phrase = `"${term.replace(/"/g, '""')}"`;
      return sql<SqlBool>`c.rowid in (select rowid from contacts_fts where contacts_fts match ${phrase})`;
    }
    return eb("c.search_text", "like", sql<string>`${`%${escapeLike(term)}%`} escape '\\'`);
  };
}
