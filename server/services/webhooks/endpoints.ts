import { WEBHOOK_TEST_EVENT, type Webhook, type WebhookDelivery, type WebhookEvent } from "../../../shared/webhooks.js";
import type { AppDeps } from "../../deps.js";
import { newId, nowIso, toIso } from "../../db/ids.js";
import type { DeliveryRow, WebhookRow } from "../../db/repositories/webhooks.js";
import { AppError, conflict, notFound } from "../../errors.js";
import { type OrgActor, authorize } from "../../policies/authorize.js";
import { RefusedDestination, checkDestination } from "./destination.js";
import { newMessageId } from "./enqueue.js";
import { newWebhookSecret, sealSecret } from "./secrets.js";

/** How much of an endpoint's answer the delivery log shows. */
const EXCERPT_CHARS = 1000;

export const presentWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEvent[],
  enabled: Boolean(row.enabled),
  disabled_reason: row.disabled_reason,
  failing_since: toIso(row.failing_since),
  createdAt: toIso(row.created_at)!,
  updatedAt: toIso(row.updated_at)!,
});

const presentDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event_type,
  status: row.status,
  status_code: row.response_status,
  duration_ms: row.duration_ms,
  attempt: row.attempts,
  response_excerpt: row.response_excerpt === null ? null : row.response_excerpt.slice(0, EXCERPT_CHARS),
  error: row.error,
  created_at: toIso(row.created_at)!,
  last_attempt_at: toIso(row.last_attempt_at),
  next_attempt_at: row.status === "pending" ? toIso(row.next_attempt_at) : null,
});

/** Refuses (400) a URL whose host is, or resolves to, an address webhooks may not reach. */
async function checkUrl(deps: AppDeps, url: string) {
  try {
    await checkDestination(url, deps.config.webhooks.allowPrivate);
  } catch (error) {
    if (error instanceof RefusedDestination) throw new AppError(400, "WEBHOOK_URL_REFUSED", error.message);
    throw error;
  }
}

async function findWebhook(deps: AppDeps, actor: OrgActor, id: string) {
  const row = await deps.repos.webhooks(actor.organizationId).find(id);
  if (!row) throw notFound("Webhook not found.");
  return row;
}

const auditOf = (actor: OrgActor, recordId: string, operation: string, newData?: Record<string, unknown>) => ({
  organizationId: actor.organizationId,
  userId: actor.userId,
  tableName: "webhooks",
  recordId,
  operation,
  newData,
});

export async function listWebhooks(deps: AppDeps, actor: OrgActor) {
  authorize(actor, "webhooks.manage");
  return { items: (await deps.repos.webhooks(actor.organizationId).list()).map(presentWebhook) };
}

/** Registers an endpoint; the answer carries its signing secret, the only time it is shown. */
export async function createWebhook(deps: AppDeps, actor: OrgActor, input: { url: string; events: WebhookEvent[] }) {
  authorize(actor, "webhooks.manage");
  await checkUrl(deps, input.url);
  const secret = newWebhookSecret();
  const now = nowIso();
  const row = {
    id: newId(),
    organization_id: actor.organizationId,
    url: input.url,
    events: JSON.stringify(input.events),
    secret: sealSecret(secret, deps.config.authSecret),
    enabled: true,
    disabled_reason: null,
    failing_since: null,
    created_by: actor.userId,
    created_at: now,
    updated_at: now,
  };
  await deps.repos.transaction(async (repos) => {
    await repos.webhooks(actor.organizationId).insert(row);
    await repos.audit.write(auditOf(actor, row.id, "WEBHOOK_CREATED", { url: row.url, events: input.events }));
  });
  return { webhook: presentWebhook(row), secret };
}

export async function updateWebhook(
  deps: AppDeps,
  actor: OrgActor,
  id: string,
  input: { url?: string | undefined; events?: WebhookEvent[] | undefined; enabled?: boolean | undefined },
) {
  authorize(actor, "webhooks.manage");
  await findWebhook(deps, actor, id);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  const values: Partial<WebhookRow> = { updated_at: nowIso() };
  if (input.url !== undefined) values.url = input.url;
  if (input.events !== undefined) values.events = JSON.stringify(input.events);
  if (input.enabled !== undefined) {
    values.enabled = input.enabled;
    // Turned on again: a fresh start, not the tail of the failures that turned it off.
    if (input.enabled) Object.assign(values, { disabled_reason: null, failing_since: null });
  }
  const updated = await deps.repos.transaction(async (repos) => {
    const row = await repos.webhooks(actor.organizationId).update(id, values);
    if (!row) throw notFound("Webhook not found.");
    await repos.audit.write(auditOf(actor, id, "WEBHOOK_UPDATED", { url: row.url, ...input }));
    return row;
  });
  return { webhook: presentWebhook(updated) };
}

export async function deleteWebhook(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "webhooks.manage");
  const row = await findWebhook(deps, actor, id);
  await deps.repos.transaction(async (repos) => {
    if (!(await repos.webhooks(actor.organizationId).delete(id))) throw notFound("Webhook not found.");
    await repos.audit.write(auditOf(actor, id, "WEBHOOK_DELETED", { url: row.url }));
  });
}

export async function listDeliveries(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "webhooks.manage");
  await findWebhook(deps, actor, id);
  return { items: (await deps.repos.webhooks(actor.organizationId).log(id)).map(presentDelivery) };
}

/** 'Send test event': queues a `webhook.test` delivery to this endpoint; the log shows how it went. */
export async function sendTestEvent(deps: AppDeps, actor: OrgActor, id: string) {
  authorize(actor, "webhooks.manage");
  const webhook = await findWebhook(deps, actor, id);
  if (!webhook.enabled) throw conflict("Turn this webhook on before sending a test event.", "WEBHOOK_DISABLED");
  const now = nowIso();
  const row = {
    id: newMessageId(),
    webhook_id: id,
    organization_id: actor.organizationId,
    event_type: WEBHOOK_TEST_EVENT,
    payload: JSON.stringify({ timestamp: now, data: { message: "A test event from Contactbook.", webhook_id: id } }),
    status: "pending" as const,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  };
  await deps.repos.transaction(async (repos) => {
    await repos.webhooks(actor.organizationId).enqueue([row]);
    await repos.audit.write(auditOf(actor, id, "WEBHOOK_TESTED", { url: webhook.url }));
  });
  deps.webhookSignal.wake();
  return {
    delivery: presentDelivery({
      ...row,
      response_status: null,
      response_excerpt: null,
      duration_ms: null,
      error: null,
      lease_until: null,
      last_attempt_at: null,
    }),
  };
}
