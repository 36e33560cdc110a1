import type { Kysely } from "kysely";
import { newId, nowIso } from "../ids.js";
import type { Schema } from "../schema.js";

export interface AuditEntry {
  organizationId: string | null;
  /** Null for the server itself (a webhook it turned off). */
  userId: string | null;
  /** The API token that acted, for its creator (ADR 024). */
  apiToken?: { id: string; name: string } | undefined;
  tableName: string;
  recordId: string | null;
  operation: string;
  oldData?: unknown;
  newData?: unknown;
}

export interface AuditFilter {
  operation?: string | undefined;
  userId?: string | undefined;
  /** ISO times: from inclusive, before exclusive. */
  from?: string | undefined;
  before?: string | undefined;
}

export interface AuditRow {
  id: string;
  user_id: string | null;
  table_name: string;
  record_id: string | null;
  operation: string;
  old_data: string | null;
  new_data: string | null;
  created_at: Date | string;
  email: string | null;
  name: string | null;
  api_token_id: string | null;
  api_token_name: string | null;
}

export function auditRepository(db: Kysely<Schema>) {
  return {
    /**
     * One organization's audit rows, newest first, after the keyset (created_at, id) of the previous
     * page; with the author's e-mail and profile name while the account still exists.
     */
    page(organizationId: string, filter: AuditFilter, after: [string, string] | undefined, limit: number): Promise<AuditRow[]> {
      let query = db
        .selectFrom("audit_logs as a")
        .leftJoin("users as u", "u.id", "a.user_id")
        .leftJoin("profiles as p", "p.user_id", "a.user_id")
        .select([
          "a.id",
          "a.user_id",
          "a.table_name",
          "a.record_id",
          "a.operation",
          "a.old_data",
          "a.new_data",
          "a.created_at",
          "a.api_token_id",
          "a.api_token_name",
          "u.email",
          "p.name",
        ])
        .where("a.organization_id", "=", organizationId);
      if (filter.operation) query = query.where("a.operation", "=", filter.operation);
      if (filter.userId) query = query.where("a.user_id", "=", filter.userId);
      if (filter.from) query = query.where("a.created_at", ">=", filter.from);
      if (filter.before) query = query.where("a.created_at", "<", filter.before);
      if (after) query = query.where((eb) => eb(eb.refTuple("a.created_at", "a.id"), "<", eb.tuple(after[0], after[1])));
      return query.orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(limit).execute();
    },

    /** Writes one audit row; call with the transaction that makes the change it records. */
    async write(entry: AuditEntry): Promise<void> {
      await db
        .insertInto("audit_logs")
        .values({
          id: newId(),
          organization_id: entry.organizationId,
          user_id: entry.userId,
          api_token_id: entry.apiToken?.id ?? null,
          api_token_name: entry.apiToken?.name ?? null,
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
