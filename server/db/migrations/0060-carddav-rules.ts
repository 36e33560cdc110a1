import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * CardDAV follows the screens' rules (ADR 013):
 * - `app_passwords.key_id`: new app passwords carry a key id in their first group, so a sign-in finds
 *   its one row by (account, key id) and checks one keyed hash; `password_hash` then holds
 *   `hmac-sha256$...` instead of a scrypt `salt:key` (older rows keep theirs until their first use).
 * - `organizations.staff_carddav`: whether staff may sync the book to their devices (off by default).
 * - `dav_devices`: which app password has opened which book, and when it first took the whole book,
 *   so the audit log records each new device and its first full sync once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable("app_passwords").addColumn("key_id", "text").execute();
  await db.schema
    .createIndex("app_passwords_by_key")
    .on("app_passwords")
    .columns(["user_id", "key_id"])
    .unique()
    .where(sql.ref("key_id"), "is not", null)
    .execute();

  await db.schema
    .alterTable("organizations")
    .addColumn("staff_carddav", t.boolean, (c) => c.notNull().defaultTo(sql.raw(t.sqlite ? "0" : "false")))
    .execute();

  await db.schema
    .createTable("dav_devices")
    .addColumn("app_password_id", "text", (c) => c.notNull().references("app_passwords.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("first_seen_at", t.timestamp, (c) => c.notNull())
    .addColumn("full_sync_at", t.timestamp)
    .addPrimaryKeyConstraint("dav_devices_pk", ["app_password_id", "organization_id"])
    .execute();
  await db.schema.createIndex("dav_devices_by_organization").on("dav_devices").column("organization_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("dav_devices").execute();
  await db.schema.alterTable("organizations").dropColumn("staff_carddav").execute();
  await db.schema.dropIndex("app_passwords_by_key").execute();
  await db.schema.alterTable("app_passwords").dropColumn("key_id").execute();
}
