import { type Kysely, sql } from "kysely";
import type { Schema } from "../schema.js";

/**
 * Kinds of single-use link token, kept as Better Auth verification rows `<kind>:<token>` whose value
 * is the user id ("reset-password" is the prefix Better Auth's own reset endpoint reads). Creating and
 * consuming go through Better Auth's adapter; revoking is ours.
 */
export type TokenKind = "reset-password" | "confirm-email";

export function tokenRepository(db: Kysely<Schema>) {
  return {
    /** Deletes the users' outstanding link tokens of the given kinds (all kinds when none given). */
    async revoke(userIds: string[], kinds?: TokenKind[]): Promise<void> {
      if (userIds.length === 0) return;
      let query = db.deleteFrom("verifications").where("value", "in", userIds);
      if (kinds) {
        query = query.where((eb) => eb.or(kinds.map((kind) => eb(sql`substr(identifier, 1, ${kind.length + 1})`, "=", `${kind}:`))));
      }
      await query.execute();
    },
  };
}
