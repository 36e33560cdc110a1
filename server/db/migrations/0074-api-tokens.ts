import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Issue 27 (ADR 024). `api_tokens`: an organization's tokens, found by the keyed hash of their secret
 * (the secret itself is never stored); revoked ones keep their row (revoked_at) so what they did stays
 * named. `audit_logs.api_token_id` and `api_token_name`: the token that acted for the person named.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", t.sortText, (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // Space-separated, from shared/api-tokens.ts's API_SCOPES.
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("expires_at", t.timestamp)
    .addColumn("last_used_at", t.timestamp)
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("api_tokens_by_organization").on("api_tokens").columns(["organization_id", "created_at"]).execute();
  await db.schema.alterTable("audit_logs").addColumn("api_token_id", "text").execute();
  await db.schema.alterTable("audit_logs").addColumn("api_token_name", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_logs").dropColumn("api_token_name").execute();
  await db.schema.alterTable("audit_logs").dropColumn("api_token_id").execute();
  await db.schema.dropTable("api_tokens").execute();
}
