import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";

/** Better Auth's sessions, as the person's own list sees them (every query is scoped to the user). */
export function sessionRepository(db: Kysely<Schema>) {
  return {
    /** The account's sessions (expired ones too: the caller compares times), most recently started first. */
    listOfUser: (userId: string) =>
      db
        .selectFrom("sessions")
        .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt", "expiresAt", "lastActiveAt"])
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute(),

    /** Ends one of the account's sessions; false when it was not theirs (or already gone). */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom("sessions").where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Ends every session of the account but `keepId`; how many ended. */
    async deleteOthers(userId: string, keepId: string): Promise<number> {
      const result = await db.deleteFrom("sessions").where("userId", "=", userId).where("id", "!=", keepId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Records that the session was used now (the caller decides how often). */
    async touch(id: string, now: Date): Promise<void> {
      await db.updateTable("sessions").set({ lastActiveAt: now.toISOString() }).where("id", "=", id).execute();
    },

    /** The user agents of the account's sessions other than `exceptId`, expired or not. */
    async otherUserAgents(userId: string, exceptId: string | null): Promise<(string | null)[]> {
      let query = db.selectFrom("sessions").select("userAgent").where("userId", "=", userId);
      if (exceptId) query = query.where("id", "!=", exceptId);
      return (await query.execute()).map((row) => row.userAgent);
    },

    /** The device keys the account has signed in from. */
    async knownDevices(userId: string): Promise<string[]> {
      const rows = await db.selectFrom("known_devices").select("device_key").where("user_id", "=", userId).execute();
      return rows.map((row) => row.device_key);
    },

    /** Remembers a device of the account; a second sign-in from it changes nothing. */
    async rememberDevice(userId: string, deviceKey: string, now: string): Promise<void> {
      await db
        .insertInto("known_devices")
        .values({ user_id: userId, device_key: deviceKey, first_seen_at: now })
        .onConflict((oc) => oc.columns(["user_id", "device_key"]).doNothing())
        .execute();
    },
  };
}
