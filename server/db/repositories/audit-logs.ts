import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Schema } from "../schema.js";

export interface AuditEntry {
  organizationId: string | null;
  userId: string;
  tableName: string;
  recordId: string | null;
  operation: string;
  oldData?: unknown;
  newData?: unknown;
}

export function auditRepository(db: Kysely<Schema>) {
  return {
    /** Writes one audit row; call with the transaction that makes the change it records. */
    async write(entry: AuditEntry): Promise<void> {
      await db
        .insertInto("audit_logs")
        .values({
          id: newId(),
          organization_id: entry.organizationId,
          user_id: entry.userId,
          table_name: entry.tableName,
          record_id: entry.recordId,
          operation: entry.operation,
          old_data: entry.oldData === undefined ? null : JSON.stringify(entry.oldData),
          new_data: entry.newData === undefined ? null : JSON.stringify(entry.newData),
          created_at: nowIso(),
        })
        .execute();
    },
  };
}
