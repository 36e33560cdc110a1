// Wire types of the webhook endpoints (/api/orgs/:orgId/webhooks...), read by the Integrations tab.

/** The events an endpoint may subscribe to; `group.*` in a request stands for every group event. */
export const WEBHOOK_EVENTS = {
  "contact.created": "Contact created",
  "contact.updated": "Contact edited",
  "contact.deleted": "Contact moved to trash",
  "contact.restored": "Contact restored from the trash",
  "contact.merged": "Contacts merged",
  "group.created": "Group created",
  "group.updated": "Group renamed or described",
  "group.deleted": "Group deleted",
  "group.members_added": "Contacts added to a group",
  "group.member_removed": "Contact removed from a group",
  "import.completed": "Import finished",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;

export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

/** The test event 'Send test event' sends; never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Why the server turned it off (failing for a day), or null. */
  disabled_reason: string | null;
  /** When the current run of failed deliveries began, or null when the last one succeeded. */
  failing_since: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  status: "pending" | "delivered" | "failed";
  /** The HTTP status the endpoint answered the last attempt with; null when it did not answer. */
  status_code: number | null;
  duration_ms: number | null;
  attempt: number;
  /** The first part of the endpoint's answer, or why the attempt failed (timeout, refused address...). */
  response_excerpt: string | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
}
