import { classifyDatabaseError } from "../../db/failures.js";
import type { AppDeps } from "../../deps.js";
import { nowIso, toIso } from "../../db/ids.js";
import type { DeliveryRow, WebhookRow } from "../../db/repositories/webhooks.js";
import { presentContact } from "../contact-presenter.js";
import { notify } from "../notifications.js";
import { RefusedDestination, checkDestination, postTo } from "./destination.js";
import type { StoredPayload } from "./enqueue.js";
import { openSecret, signPayload } from "./secrets.js";

/** Deliveries one process takes at a time (sent in parallel). */
const CLAIM_BATCH = 25;
/** A claim outlives the longest attempt by this much; a process that died mid-attempt frees it then. */
const LEASE_MARGIN_MS = 20_000;
/** Finished deliveries are kept this long in the log, then deleted (hourly, a batch at a time). */
const KEEP_DELIVERIES_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const PRUNE_BATCH = 5000;
/** Answer text kept in the log. */
const EXCERPT_CHARS = 2000;

/** The JSON body of a delivery (Standard Webhooks: `type`, `timestamp`, `data`). */
export function bodyOf(deps: AppDeps, row: Pick<DeliveryRow, "event_type" | "payload">): string {
  const stored = JSON.parse(row.payload) as StoredPayload;
  const data = stored.contact ? { contact: presentContact(stored.contact, deps.config.defaultCountry) } : stored.data;
  return JSON.stringify({ type: row.event_type, timestamp: stored.timestamp, data });
}

interface Attempt {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

async function attempt(deps: AppDeps, row: DeliveryRow, webhook: WebhookRow): Promise<Attempt> {
  let to;
  try {
    // Resolved and checked now, and connected to the address checked: a name that moved inside is refused.
    to = await checkDestination(webhook.url, deps.config.webhooks.allowPrivate);
  } catch (error) {
    const message = error instanceof RefusedDestination ? error.message : String(error);
    return { status: null, body: "", durationMs: 0, error: message };
  }
  let secret: string;
  try {
    secret = openSecret(webhook.secret, deps.config.authSecret);
  } catch {
    const error = "The signing secret cannot be read (AUTH_SECRET was changed?). Delete this webhook and add it again.";
    return { status: null, body: "", durationMs: 0, error };
  }
  const body = bodyOf(deps, row);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = signPayload(secret, row.id, timestamp, body);
  const headers = { "webhook-id": row.id, "webhook-timestamp": String(timestamp), "webhook-signature": signature };
  return postTo(webhook.url, to, headers, body, deps.config.webhooks.timeoutMs);
}

/** Sends one claimed delivery and records the outcome: delivered, retried later, or given up. */
async function deliver(deps: AppDeps, row: DeliveryRow): Promise<void> {
  const queue = deps.repos.webhookQueue;
  const webhook = await queue.webhook(row.webhook_id);
  if (!webhook || !webhook.enabled) {
    await queue.finish(row.id, { status: "failed", error: "The endpoint was turned off", next_attempt_at: null });
    return;
  }
  const result = await attempt(deps, row, webhook);
  const now = nowIso();
  const outcome = {
    response_status: result.status,
    response_excerpt: result.body ? result.body.slice(0, EXCERPT_CHARS) : null,
    duration_ms: result.durationMs,
    error: result.error ?? (result.status !== null && (result.status < 200 || result.status > 299) ? `HTTP ${result.status}` : null),
    last_attempt_at: now,
  };
  if (result.status !== null && result.status >= 200 && result.status <= 299) {
    await queue.finish(row.id, { ...outcome, status: "delivered", next_attempt_at: null });
    if (webhook.failing_since) await queue.setWebhook(webhook.id, { failing_since: null });
    return;
  }
  const schedule = deps.config.webhooks.retryScheduleMs;
  const pause = schedule[row.attempts - 1];
  await queue.finish(row.id, {
    ...outcome,
    status: pause === undefined ? "failed" : "pending",
    next_attempt_at: pause === undefined ? null : new Date(Date.now() + pause).toISOString(),
  });
  const failingSince = toIso(webhook.failing_since);
  if (!failingSince) {
    await queue.setWebhook(webhook.id, { failing_since: now });
    return;
  }
  if (Date.now() - Date.parse(failingSince) >= deps.config.webhooks.disableAfterMs) await disable(deps, webhook, now);
}

/** An endpoint failing for a day is turned off, its waiting deliveries given up, and its organization's owner told. */
async function disable(deps: AppDeps, webhook: WebhookRow, now: string) {
  const reason = "Deliveries failed for a day; turned off by the server.";
  if (!(await deps.repos.webhookQueue.disable(webhook.id, reason, now))) return;
  await deps.repos.audit.write({
    organizationId: webhook.organization_id,
    userId: null,
    tableName: "webhooks",
    recordId: webhook.id,
    operation: "WEBHOOK_DISABLED",
    newData: { url: webhook.url },
  });
  const organization = await deps.repos.organizations.find(webhook.organization_id);
  if (!organization?.owner_id) return;
  await notify(deps, [organization.owner_id], {
    kind: "security",
    title: "A webhook was turned off",
    body: `Deliveries to ${webhook.url} have failed for a day, so the webhook was turned off. Fix the endpoint, then turn the webhook on again in Settings > Integrations.`,
    link: "/settings#integrations",
    organizationId: webhook.organization_id,
  });
}

/**
 * Delivers queued webhook events for the life of the process: wakes on the signal (a change committed
 * here) or every `pollMs` (changes made by other instances, retries coming due), claims due deliveries
 * under a lease and sends them. Any number of processes may run it on one database. `stop` waits for the
 * attempts under way (each bounded by its timeout).
 */
export function startWebhookWorker(deps: AppDeps): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const round = async () => {
    const { timeoutMs } = deps.config.webhooks;
    while (!stopped) {
      const now = new Date();
      if (!(await deps.repos.webhookQueue.hasDue(now.toISOString()))) return;
      const claimed = await deps.repos.webhookQueue.claim(
        now.toISOString(),
        new Date(now.getTime() + timeoutMs + LEASE_MARGIN_MS).toISOString(),
        CLAIM_BATCH,
      );
      if (claimed.length === 0) return;
      await Promise.all(
        claimed.map((row) =>
          deliver(deps, row).catch((error: unknown) => deps.log.warn("webhook delivery failed", { id: row.id, error: String(error) })),
        ),
      );
    }
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      // The database being away is logged once per episode by its own monitor, not once a poll here.
      .catch((error: unknown) => {
        if (!classifyDatabaseError(error)) deps.log.warn("webhook queue not read", { error: String(error) });
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };

  const schedule = () => {
    timer = setTimeout(() => {
      run();
      if (!stopped) schedule();
    }, deps.config.webhooks.pollMs);
    timer.unref();
  };
  const prune = async () => {
    const before = new Date(Date.now() - KEEP_DELIVERIES_MS).toISOString();
    while (!stopped && (await deps.repos.webhookQueue.prune(before, PRUNE_BATCH)) === PRUNE_BATCH);
  };
  const pruner = setInterval(
    () => void prune().catch((error: unknown) => deps.log.warn("webhook log not pruned", { error: String(error) })),
    PRUNE_EVERY_MS,
  );
  pruner.unref();
  const unlisten = deps.webhookSignal.listen(run);
  run();
  schedule();
  return {
    async stop() {
      stopped = true;
      unlisten();
      clearInterval(pruner);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
