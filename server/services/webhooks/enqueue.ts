import type { HistoryAction } from "../../../shared/contact-history.js";
import type { WebhookEvent } from "../../../shared/webhooks.js";
import { newId, nowIso } from "../../db/ids.js";
import type { Repositories } from "../../db/repositories/index.js";
import type { ContactRow } from "../../db/schema.js";

/**
 * What a queued delivery carries: the event's data, or the contact's row as the change left it (the
 * worker presents it as the API does, with the install's settings), and when the change happened.
 */
export interface StoredPayload {
  timestamp: string;
  data?: unknown;
  contact?: ContactRow;
}

/** The message id of a delivery: its `webhook-id`, the same on every attempt. */
export const newMessageId = () => `msg_${newId()}`;

/**
 * Queues one event per subscribed endpoint, inside the caller's transaction: the delivery exists if and
 * only if the change committed, and a process that dies after the commit loses nothing (the worker finds
 * the row). `payloads` is called only when an endpoint listens.
 */
async function enqueue(repos: Repositories, organizationId: string, type: WebhookEvent, payloads: () => Promise<StoredPayload[]>) {
  const hooks = repos.webhooks(organizationId);
  const listening = (await hooks.subscribers()).filter((w) => (JSON.parse(w.events) as string[]).includes(type));
  if (listening.length === 0) return;
  const now = nowIso();
  const rows = (await payloads()).flatMap((payload) =>
    listening.map((w) => ({
      id: newMessageId(),
      webhook_id: w.id,
      organization_id: organizationId,
      event_type: type,
      payload: JSON.stringify(payload),
      status: "pending" as const,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })),
  );
  await hooks.enqueue(rows);
}

/** Queues an event that carries its own data (groups, imports). */
export function enqueueEvent(repos: Repositories, organizationId: string, type: WebhookEvent, data: unknown) {
  return enqueue(repos, organizationId, type, async () => [{ timestamp: nowIso(), data }]);
}

/** Queues an event per contact, each with the contact as it is now (inside the transaction: after the write). */
export function enqueueContactEvents(repos: Repositories, organizationId: string, type: WebhookEvent, contactIds: string[]) {
  if (contactIds.length === 0) return Promise.resolve();
  return enqueue(repos, organizationId, type, async () => {
    const timestamp = nowIso();
    return (await repos.webhooks(organizationId).contacts(contactIds)).map((contact) => ({ timestamp, contact }));
  });
}

/** The webhook event of a change the contact history records; none for a purge (the contact is gone). */
export const CONTACT_EVENT_OF: Record<HistoryAction, WebhookEvent | null> = {
  create: "contact.created",
  update: "contact.updated",
  merge: "contact.merged",
  restore: "contact.updated",
  delete: "contact.deleted",
  undelete: "contact.restored",
  purge: null,
  undo: "contact.updated",
  unmerge: "contact.updated",
};
