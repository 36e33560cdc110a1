import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Engine } from "../database.js";
import type { Schema } from "../schema.js";
import { escapeLike } from "./like.js";

type Builder = ExpressionBuilder<Schema & { c: Schema["contacts"] }, "c">;

/** The distinct trigrams of some words as an FTS5 query (each one token: no phrase), or null if none has three characters. */
function trigramQuery(words: string[]): string | null {
  const grams = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars.slice(i, i + 3).join(""));
  }
  return grams.size ? [...grams].map((g) => `"${g.replace(/"/g, '""')}"`).join(" AND ") : null;
}

/** A GLOB pattern of the texts that hold `word`: its own wildcards and brackets match themselves. */
const containsGlob = (word: string) => `*${word.replace(/[*?[]/g, (ch) => `[${ch}]`)}*`;

const like = (pattern: string) => sql<string>`${pattern} escape '\\'`;

/** A word of one or two characters: the start of a name, e-mail or phone (a plain index serves it). */
function prefixCondition(eb: Builder, word: string) {
  const prefix = `${escapeLike(word)}%`;
  return eb.or([
    eb("c.sort_name", "like", like(prefix)),
    eb("c.sort_last", "like", like(prefix)),
    eb(sql`lower(c.email)`, "like", like(prefix)),
    eb("c.phone_digits", "like", like(prefix)),
  ]);
}

/**
 * A condition on `c` (contacts) for the words of a search (shared/search.ts): every word must occur in the
 * folded search text, in any order. Words of three characters or more go through the trigram index (FTS5
 * on SQLite, pg_trgm on PostgreSQL; several words are one index query); a search made only of shorter
 * words matches the start of a name, e-mail or phone, and short words beside longer ones the start of
 * any word of the search text, tested on the few rows the long words found.
 */
export function searchCondition(engine: Engine, words: string[]) {
  return (eb: Builder): Expression<SqlBool> => {
    const long = words.filter((w) => w.length >= 3);
    const short = words.filter((w) => w.length < 3);
    if (long.length === 0) return eb.and(short.map((w) => prefixCondition(eb, w)));
    const conditions: Expression<SqlBool>[] = [];
    if (engine === "sqlite") {
      // The index (migration 0079) keeps which contacts hold a trigram, not where: it finds those that
      // hold every trigram of the words, and the words themselves are then checked on their text. GLOB
      // and not LIKE: an unescaped `_` (in many e-mails) matches any character, and the text and the
      // words are folded to lower case.
      const query = trigramQuery(long);
      if (query) conditions.push(sql<SqlBool>`c.rowid in (select rowid from contacts_fts where contacts_fts match ${query})`);
      for (const w of long) conditions.push(sql<SqlBool>`c.search_text glob ${containsGlob(w)}`);
    } else {
      for (const w of long) conditions.push(eb("c.search_text", "like", like(`%${escapeLike(w)}%`)));
    }
    for (const w of short) {
      const escaped = escapeLike(w);
      conditions.push(eb.or([eb("c.search_text", "like", like(`${escaped}%`)), eb("c.search_text", "like", like(`% ${escaped}%`))]));
    }
    return eb.and(conditions);
  };
}
