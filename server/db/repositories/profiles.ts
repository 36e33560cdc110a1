import type { Kysely } from "kysely";
import { nowIso } from "../ids.js";
import type { Schema } from "../schema.js";

export async function insertProfile(db: Kysely<Schema>, userId: string, name: string): Promise<void> {
  const now = nowIso();
  await db.insertInto("profiles").values({ user_id: userId, name, created_at: now, updated_at: now }).execute();
}

export async function findProfileName(db: Kysely<Schema>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("profiles").select("name").where("user_id", "=", userId).executeTakeFirst();
  return row?.name ?? null;
}
