import type { Kysely } from "kysely";

// The audit screen pages an organization's log newest first, by (created_at, id), filtered by action or
// by person: each of those is an index range, however long the log grows.
const INDEXES: Record<string, string[]> = {
  audit_logs_org_page_idx: ["organization_id", "created_at", "id"],
  audit_logs_org_operation_idx: ["organization_id", "operation", "created_at", "id"],
  audit_logs_org_user_idx: ["organization_id", "user_id", "created_at", "id"],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) await db.schema.createIndex(name).on("audit_logs").columns(columns).execute();
  // Superseded by the first one above (same leading columns, plus the tie-breaker).
  await db.schema.dropIndex("audit_logs_org_created_idx").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("audit_logs_org_created_idx").on("audit_logs").columns(["organization_id", "created_at"]).execute();
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
}
