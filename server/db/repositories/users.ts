import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

export async function countUsers(db: Kysely<Schema>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findUserByEmail(db: Kysely<Schema>, email: string) {
  return db.selectFrom("users").select(["id", "email", "name"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
}

/** Whether the account has a password (an account an invitation created has none until the person sets one). */
export async function hasPassword(db: Kysely<Schema>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("accounts")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}
