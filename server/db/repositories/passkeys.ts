import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

/**
 * Passkeys of Better Auth's passkey plugin (migration 0072), read and managed here for Settings >
 * Security. The plugin writes them (registration) and checks them (sign-in); public keys never leave
 * this module's reads.
 */
export function passkeyRepository(db: Kysely<Schema>) {
  return {
    /** The account's passkeys, newest first. */
    listOfUser: (userId: string) =>
      db
        .selectFrom("passkeys")
        .select(["id", "name", "createdAt", "deviceType", "backedUp"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute(),

    /** Renames one of the account's passkeys; false when the account has none with this id. */
    async rename(userId: string, id: string, name: string): Promise<boolean> {
      const result = await db.updateTable("passkeys").set({ name }).where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes every passkey of the account (an admin's reset); answers how many there were. */
    async deleteAll(userId: string): Promise<number> {
      const result = await db.deleteFrom("passkeys").where("userId", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes one of the account's passkeys; false when the account has none with this id. */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom("passkeys").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
