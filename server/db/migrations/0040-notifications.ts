import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

// In-app notifications (the bell) and each person's notification settings (Settings > Notifications).
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("notifications")
    // UUIDv7: time-ordered, so the id alone is the newest-first keyset.
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The organization it is about, if any; it outlives the organization (a removal notice must stay).
    .addColumn("organization_id", "text")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("link", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("read_at", t.timestamp)
    .execute();
  await db.schema.createIndex("notifications_by_user").on("notifications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("notifications_unread_by_user").on("notifications").columns(["user_id", "read_at"]).execute();
  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_users", t.boolean, (c) => c.notNull())
    .addColumn("import_completion", t.boolean, (c) => c.notNull())
    .addColumn("system_updates", t.boolean, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notification_settings").execute();
  await db.schema.dropTable("notifications").execute();
}
