import type { Insertable, Kysely, Selectable } from "kysely";
import type { Engine } from "../database.js";
import type { Schema, WebhookDeliveriesTable, WebhooksTable } from "../schema.js";

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewDelivery = Insertable<WebhookDeliveriesTable>;

/** Deliveries shown in an endpoint's log, newest first. */
export const DELIVERY_LOG_SIZE = 100;

/** One organization's webhook endpoints and their delivery log. */
export function webhookRepository(db: Kysely<Schema>, organizationId: string) {
  const own = () => db.selectFrom("webhooks").selectAll().where("organization_id", "=", organizationId);
  return {
    list: () => own().orderBy("created_at", "asc").orderBy("id", "asc").execute(),
    find: (id: string) => own().where("id", "=", id).executeTakeFirst(),
    async insert(row: Insertable<WebhooksTable>) {
      await db.insertInto("webhooks").values(row).execute();
    },
    async update(id: string, values: Partial<Omit<WebhookRow, "id" | "organization_id">>) {
      return db
        .updateTable("webhooks")
        .set(values)
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },
    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom("webhooks").where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
    /** The enabled endpoints, with their subscribed events, that a change of this organization goes to. */
    subscribers: () =>
      db
        .selectFrom("webhooks")
        .select(["id", "events"])
        .where("organization_id", "=", organizationId)
        .where("enabled", "=", true)
        .execute(),
    log: (webhookId: string) =>
      db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("webhook_id", "=", webhookId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(DELIVERY_LOG_SIZE)
        .execute(),
    /** Contacts by id whatever their state (a contact just moved to the trash is reported too). */
    async contacts(ids: string[]) {
      const rows = [];
      for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        rows.push(
          ...(await db.selectFrom("contacts").selectAll().where("organization_id", "=", organizationId).where("id", "in", part).execute()),
        );
      }
      return rows;
    },
    async enqueue(rows: NewDelivery[]) {
      if (rows.length) await db.insertInto("webhook_deliveries").values(rows).execute();
    },
  };
}

/** The queue as the delivery worker sees it, across organizations. */
export function webhookQueueRepository(db: Kysely<Schema>, engine: Engine) {
  return {
    /**
     * Whether any delivery is due: a read, so an idle worker's poll takes no write lock (SQLite's one
     * writer) and starts no write transaction.
     */
    async hasDue(now: string): Promise<boolean> {
      const row = await db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Takes up to `limit` due deliveries for this process until `leaseUntil`: one statement, so two
     * instances never take the same attempt (PostgreSQL: the rows another claim holds are skipped;
     * SQLite: one writer at a time). A claim whose process died runs again when its lease ends.
     */
    claim(now: string, leaseUntil: string, limit: number): Promise<DeliveryRow[]> {
      let due = db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]))
        .orderBy("next_attempt_at", "asc")
        .limit(limit);
      if (engine === "postgres") due = due.forUpdate().skipLocked();
      return db
        .updateTable("webhook_deliveries")
        .set((eb) => ({ lease_until: leaseUntil, attempts: eb("attempts", "+", 1) }))
        .where("id", "in", due)
        .where("status", "=", "pending")
        .returningAll()
        .execute();
    },
    /** Deletes up to `limit` finished deliveries made before `before`; how many went. */
    async prune(before: string, limit: number): Promise<number> {
      const old = db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "in", ["delivered", "failed"])
        .where("created_at", "<", before)
        .limit(limit);
      const res = await db.deleteFrom("webhook_deliveries").where("id", "in", old).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
    webhook: (id: string) => db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst(),
    async finish(id: string, values: Partial<Omit<DeliveryRow, "id">>) {
      await db
        .updateTable("webhook_deliveries")
        .set({ ...values, lease_until: null })
        .where("id", "=", id)
        .execute();
    },
    async setWebhook(id: string, values: Partial<Omit<WebhookRow, "id" | "organization_id">>) {
      await db.updateTable("webhooks").set(values).where("id", "=", id).execute();
    },
    /** Turns the endpoint off, unless it already is; true when this call did it. */
    async disable(id: string, reason: string, now: string): Promise<boolean> {
      const res = await db
        .updateTable("webhooks")
        .set({ enabled: false, disabled_reason: reason, updated_at: now })
        .where("id", "=", id)
        .where("enabled", "=", true)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await db
        .updateTable("webhook_deliveries")
        .set({ status: "failed", error: "The endpoint was turned off", next_attempt_at: null })
        .where("webhook_id", "=", id)
        .where("status", "=", "pending")
        .execute();
      return true;
    },
  };
}
