import { type Kysely, sql } from "kysely";
import { derivedKeys } from "./frozen/derived-keys-0022.js";
import type { CountryCode } from "./frozen/phone-keys.js";
import { columnTypes } from "./dialect-types.js";

const BATCH = 2_000;
const DERIVED = ["sort_name", "sort_first", "sort_last", "no_last", "phone_digits", "phone_e164", "phone2_e164", "search_text"] as const;
type Derived = Record<(typeof DERIVED)[number], string | number | null>;
/** Compares across drivers (PostgreSQL integers, SQLite numbers), keeping null apart from "". */
const same = (v: string | number | null | undefined) => (v === null || v === undefined ? "\u0000" : String(v));

/**
 * Recomputes the derived keys of every contact (trash included) with the folded search text and the
 * E.164 phones: a walk in id order, a batch at a time, writing only rows whose keys changed, each batch
 * one statement whose rows travel as one JSON parameter. Memory stays flat at a million rows.
 */
export async function up(db: Kysely<any>, country: CountryCode): Promise<void> {
  const t = columnTypes(db);
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "company", "email", "phone", "phone2", "notes", ...DERIVED])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows.at(-1)!.id as string;
    const changed = rows
      .map((row) => ({ id: row.id as string, keys: derivedKeys(row, country) as Derived, row: row as Derived }))
      .filter(({ keys, row }) => DERIVED.some((k) => same(keys[k]) !== same(row[k])));
    if (changed.length === 0) continue;
    if (t.sqlite) {
      const json = JSON.stringify(changed.map(({ id, keys }) => [id, ...DERIVED.map((k) => keys[k])]));
      const set = sql.join(DERIVED.map((k, i) => sql`${sql.ref(k)} = j.value ->> ${sql.lit(i + 1)}`));
      await sql`update contacts set ${set} from json_each(${json}) as j where contacts.id = j.value ->> 0`.execute(db);
    } else {
      const json = JSON.stringify(changed.map(({ id, keys }) => ({ id, ...keys })));
      const set = sql.join(DERIVED.map((k) => sql`${sql.ref(k)} = j.${sql.ref(k)}`));
      await sql`update contacts as c set ${set}
        from jsonb_to_recordset(${json}::jsonb) as j(id text, sort_name text, sort_first text, sort_last text, no_last integer,
          phone_digits text, phone_e164 text, phone2_e164 text, search_text text)
        where c.id = j.id`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  // The keys stay as they are: the earlier code reads folded keys as well as it reads its own.
}
