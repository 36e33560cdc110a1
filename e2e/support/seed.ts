import { join } from "node:path";
import { inject } from "vitest";
import { seedContacts } from "../../bench/seed-contacts.js";
import { openDatabase } from "../../server/db/database.js";

/** Writes `count` generated contacts straight into the running app's SQLite file (WAL allows it). */
export async function seedIntoApp(organizationId: string, count: number) {
  const file = join(inject("dataDir"), "e2e.db");
  const database = openDatabase(`sqlite:${file}`);
  try {
    await seedContacts(database, file, organizationId, 0, count);
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
