import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Settings > Security's list of sessions: when each was last used ("last seen"; Better Auth's updatedAt
 * only moves at the daily refresh), the devices each account has signed in from (so a sign-in from a new
 * one can be mailed, and signing out does not make a device new again), and the switch for that mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // camelCase like the rest of Better Auth's table; nullable, no default: no rewrite of the table.
  await db.schema.alterTable("sessions").addColumn("lastActiveAt", t.timestamp).execute();
  await db.schema
    .createTable("known_devices")
    .addColumn("user_id", t.sortText, (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The user agent without its version numbers (server/services/sessions.ts: deviceKey).
    .addColumn("device_key", "text", (c) => c.notNull())
    .addColumn("first_seen_at", t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("known_devices_pk", ["user_id", "device_key"])
    .execute();
  await db.schema
    .alterTable("notification_settings")
    .addColumn("new_device_sign_in", t.boolean, (c) => c.notNull().defaultTo(t.sqlite ? sql`1` : sql`true`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("notification_settings").dropColumn("new_device_sign_in").execute();
  await db.schema.dropTable("known_devices").execute();
  await db.schema.alterTable("sessions").dropColumn("lastActiveAt").execute();
}
