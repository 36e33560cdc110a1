import { join } from "node:path";
import { inject } from "vitest";
import { seedContacts } from "../../bench/seed-contacts.js";
import { openDatabase } from "../../server/db/database.js";

/**
 * Writes `count` generated contacts straight into the running app's SQLite file (WAL allows it); their
 * ids are numbered from `from`, so seeds into several organizations of one app take distinct ranges.
 */
export async function seedIntoApp(organizationId: string, count: number, from = 0) {
  const file = join(inject("dataDir"), "e2e.db");
  const database = openDatabase(`sqlite:${file}`);
  try {
    await seedContacts(database, file, organizationId, from, count);
  } finally {
    await database.destroy();
  }
}

/** Marks an account's e-mail address as not yet confirmed, straight in the running app's database. */
export async function markUnconfirmed(email: string) {
  const database = openDatabase(`sqlite:${join(inject("dataDir"), "e2e.db")}`);
  try {
    await database.db.updateTable("users").set({ emailVerified: false }).where("email", "=", email).execute();
  } finally {
    await database.destroy();
  }
}

/** Adds usage counts of an earlier month, straight in the running app's database (the API counts only the current one). */
export async function addUsage(
  organizationId: string,
  userId: string,
  period: string,
  counts: { imports: number; exports: number; searches: number },
) {
  const database = openDatabase(`sqlite:${join(inject("dataDir"), "e2e.db")}`);
  try {
    await database.db
      .insertInto("usage_stats")
      .values({ organization_id: organizationId, user_id: userId, period, ...counts })
      .execute();
  } finally {
    await database.destroy();
  }
}
