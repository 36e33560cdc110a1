import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    // An owner's account cannot be deleted while it owns an organization (spec section 6).
    .addColumn("owner_id", "text", (c) => c.references("users.id").onDelete("restrict"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn("updated_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("organizations_owner_id_idx").on("organizations").column("owner_id").execute();
  await db.schema
    .createTable("memberships")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint("memberships_org_user_unique", ["organization_id", "user_id"])
    .execute();
  await db.schema.createIndex("memberships_user_id_idx").on("memberships").column("user_id").execute();
  // No foreign keys: the audit trail outlives the organizations and users it speaks of.
  await db.schema
    .createTable("audit_logs")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text")
    .addColumn("user_id", "text")
    .addColumn("table_name", "text", (c) => c.notNull())
    .addColumn("record_id", "text")
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("old_data", "text")
    .addColumn("new_data", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex("audit_logs_org_created_idx").on("audit_logs").columns(["organization_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["audit_logs", "memberships", "organizations", "profiles"]) {
    await db.schema.dropTable(table).execute();
  }
}
