import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect-types.js";

// Pending invitations: a person joins an organization only by accepting one (docs/security.md).
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("invitations")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("email", t.sortText, (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
    .addColumn("invited_by", "text")
    // SHA-256 of the set-password link mailed to a new account: following that link accepts this invitation.
    .addColumn("token_hash", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("invitations_org_user_unique", ["organization_id", "user_id"])
    .execute();
  await db.schema.createIndex("invitations_by_org_email").on("invitations").columns(["organization_id", "email", "id"]).execute();
  await db.schema.createIndex("invitations_by_user").on("invitations").column("user_id").execute();
  await db.schema.createIndex("invitations_by_expiry").on("invitations").column("expires_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invitations").execute();
}
