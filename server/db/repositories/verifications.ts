import { type Kysely, sql } from "kysely";
import type { Schema } from "../schema.js";

/**
 * Kinds of single-use link token, kept as Better Auth verification rows `<kind>:<token>` whose value
 * is the user id ("reset-password" is the prefix Better Auth's own reset endpoint reads).
 */
export type TokenKind = "reset-password" | "confirm-email";

/** Deletes the user's outstanding link tokens of the given kinds (all kinds when none given). */
export async function deleteTokensOfUser(db: Kysely<Schema>, userId: string, kinds?: TokenKind[]): Promise<void> {
  let query = db.deleteFrom("verifications").where("value", "=", userId);
  if (kinds) {
    query = query.where((eb) => eb.or(kinds.map((kind) => eb(sql`substr(identifier, 1, ${kind.length + 1})`, "=", `${kind}:`))));
  }
  await query.execute();
}

export async function userExists(db: Kysely<Schema>, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst());
}
