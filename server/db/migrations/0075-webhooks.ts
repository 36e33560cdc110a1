import type { Kysely } from "kysely";
import { columnTypes } from "./dialect-types.js";

/**
 * Issue 27, webhooks. `webhooks`: an organization's endpoints (the signing secret encrypted with a key
 * derived from AUTH_SECRET, ADR 025). `webhook_deliveries`: the durable queue and the delivery log in
 * one: a row per event per endpoint, written in the transaction of the change it reports, sent after
 * commit by whichever instance leases it first, retried with backoff under the same id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    // A JSON array of event types.
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", t.boolean, (c) => c.notNull())
    // Why it was turned off by the server (failing for a day), or null.
    .addColumn("disabled_reason", "text")
    // The first failure of the current run of failures; cleared by a success.
    .addColumn("failing_since", t.timestamp)
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhooks_by_organization").on("webhooks").columns(["organization_id", "created_at"]).execute();

  await db.schema
    .createTable("webhook_deliveries")
    // The message id: the `webhook-id` header, the same on every attempt.
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("webhook_id", "text", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    // The event's data as JSON, taken in the transaction of the change.
    .addColumn("payload", "text", (c) => c.notNull())
    // pending (waiting or retrying), delivered, failed (gave up, or the endpoint was disabled).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", t.timestamp)
    .addColumn("lease_until", t.timestamp)
    .addColumn("response_status", "integer")
    .addColumn("response_excerpt", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("error", "text")
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("last_attempt_at", t.timestamp)
    .execute();
  // The worker's scan: pending rows by due time.
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  // The delivery log of one endpoint, newest first.
  await db.schema.createIndex("webhook_deliveries_log").on("webhook_deliveries").columns(["webhook_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhooks").execute();
}
