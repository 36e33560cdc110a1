import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

/** How often a password's "last used" is written: a phone syncing every minute is not a write per request. */
const TOUCH_EVERY_MS = 60_000;

/** App passwords (CardDAV's Basic auth): one account's, by id; hashes never leave the server. */
export function appPasswordRepository(db: Kysely<Schema>) {
  const signInRows = (email: string) =>
    db
      .selectFrom("app_passwords as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .select(["a.id", "a.user_id", "a.name", "a.password_hash", "u.email"])
      .where("u.email", "=", email.trim().toLowerCase());

  return {
    async insert(row: {
      id: string;
      user_id: string;
      name: string;
      key_id: string | null;
      password_hash: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto("app_passwords").values(row).execute();
    },

    /** The account's app passwords, newest first (without their hashes). */
    listOfUser: (userId: string) =>
      db
        .selectFrom("app_passwords")
        .select(["id", "name", "created_at", "last_used_at"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute(),

    /** The one app password with this key id of the account with this e-mail (compared case-insensitively). */
    findByKey: (email: string, keyId: string) => signInRows(email).where("a.key_id", "=", keyId).executeTakeFirst(),

    /** The account's app passwords made before key ids (migration 0060): their scrypt or keyed hashes. */
    withoutKeyOfEmail: (email: string) => signInRows(email).where("a.key_id", "is", null).execute(),

    /** Replaces an older password's scrypt hash by its keyed hash, unless it changed meanwhile. */
    async rehash(id: string, previous: string, next: string): Promise<void> {
      await db
        .updateTable("app_passwords")
        .set({ password_hash: next })
        .where("id", "=", id)
        .where("password_hash", "=", previous)
        .execute();
    },

    /** Records a use, at most once a minute per password. */
    async touch(id: string, now: Date): Promise<void> {
      await db
        .updateTable("app_passwords")
        .set({ last_used_at: now.toISOString() })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", new Date(now.getTime() - TOUCH_EVERY_MS).toISOString())]),
        )
        .execute();
    },

    /** Revokes one of the account's passwords; false when it was not theirs (or already gone). */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom("app_passwords").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Revokes every app password of these accounts (password change or reset, account deletion). */
    async revokeAll(userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.deleteFrom("app_passwords").where("user_id", "in", userIds).execute();
    },
  };
}
