import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Engine } from "../database.js";
import type { Schema } from "../schema.js";
import { escapeLike } from "./like.js";

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
