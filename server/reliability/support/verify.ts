import { openDatabase } from "../../db/database.js";
import { contactCounter } from "../../db/repositories/contact-counts.js";

export interface Contents {
  /** Ids of `expected` that the database does not hold. */
  missing: string[];
  /** Active contacts actually stored. */
  active: number;
  /** The maintained counter the "All" chip shows. */
  counter: number;
}

/** Reads the database directly (the app is stopped or still running) and checks `expected` ids. */
export async function readContents(databaseUrl: string, orgId: string, expected: string[]): Promise<Contents> {
  const database = openDatabase(databaseUrl);
  try {
    const db = database.db;
    const stored = new Set<string>();
    for (let i = 0; i < expected.length; i += 500) {
      const rows = await db
        .selectFrom("contacts")
        .select("id")
        .where("id", "in", expected.slice(i, i + 500))
        .execute();
      for (const row of rows) stored.add(row.id);
    }
    const row = await db
      .selectFrom("contacts")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("organization_id", "=", orgId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    return {
      missing: expected.filter((id) => !stored.has(id)),
      active: Number(row?.n ?? 0),
      counter: await contactCounter(db, orgId).read(),
    };
  } finally {
    await database.destroy();
  }
}
