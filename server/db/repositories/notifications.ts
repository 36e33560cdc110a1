import type { Insertable, Kysely, Selectable } from "kysely";
import type { NotificationSettingsTable, NotificationsTable, Schema } from "../schema.js";

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;

/** One person's notifications (every query is scoped to the user) and their settings. */
export function notificationRepository(db: Kysely<Schema>) {
  return {
    async insert(rows: Insertable<NotificationsTable>[]): Promise<void> {
      if (rows.length) await db.insertInto("notifications").values(rows).execute();
    },

    /** Newest first, after the keyset (the id: UUIDv7 is time-ordered). */
    page(userId: string, after: string | undefined, limit: number) {
      let query = db.selectFrom("notifications").selectAll().where("user_id", "=", userId);
      if (after) query = query.where("id", "<", after);
      return query.orderBy("id", "desc").limit(limit).execute();
    },

    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .where("read_at", "is", null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Marks one read; false when it is not the user's. */
    async markRead(userId: string, id: string, now: string): Promise<boolean> {
      const mine = await db.selectFrom("notifications").select("id").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
      if (!mine) return false;
      await db.updateTable("notifications").set({ read_at: now }).where("id", "=", id).where("read_at", "is", null).execute();
      return true;
    },

    /** Marks read the person's notices about one organization that lead to `link` (an invitation answered). */
    async markReadAbout(userId: string, organizationId: string, link: string, now: string): Promise<void> {
      await db
        .updateTable("notifications")
        .set({ read_at: now })
        .where("user_id", "=", userId)
        .where("organization_id", "=", organizationId)
        .where("link", "=", link)
        .where("read_at", "is", null)
        .execute();
    },

    async markAllRead(userId: string, now: string): Promise<void> {
      await db.updateTable("notifications").set({ read_at: now }).where("user_id", "=", userId).where("read_at", "is", null).execute();
    },

    settings: (userId: string) => db.selectFrom("notification_settings").selectAll().where("user_id", "=", userId).executeTakeFirst(),

    /** Settings of several people at once (who among an organization's admins wants 'new user' notices). */
    settingsOf: (userIds: string[]) =>
      userIds.length ? db.selectFrom("notification_settings").selectAll().where("user_id", "in", userIds).execute() : Promise.resolve([]),

    async saveSettings(row: Insertable<NotificationSettingsTable>): Promise<void> {
      const values = {
        new_users: row.new_users,
        import_completion: row.import_completion,
        system_updates: row.system_updates,
        ...(row.new_device_sign_in === undefined ? {} : { new_device_sign_in: row.new_device_sign_in }),
        updated_at: row.updated_at,
      };
      await db
        .insertInto("notification_settings")
        .values(row)
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    },
  };
}
