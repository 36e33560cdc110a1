// Wire types of the live stream (GET /api/orgs/:orgId/events): the server raises them after a write
// commits and the screens patch what they have loaded from them. An event names what changed (ids,
// the new version) and who changed it, never the data: a screen that needs more reads it through the
// API, under the same rules as any other read.
import type { Action } from "./permissions.js";

export const LIVE_EVENT_TYPES = [
  "contact.created",
  "contact.updated",
  "contact.merged",
  "contact.favorite",
  "contact.trashed",
  "contact.restored",
  "contact.purged",
  // Many contacts at once (an import batch, an import undone): screens refetch what they show.
  "contacts.bulk",
  "group.created",
  "group.updated",
  "group.deleted",
  "group.members_added",
  "group.member_removed",
  "member.added",
  "member.removed",
  "member.role_changed",
  "member.updated",
  "invitation.created",
  "invitation.withdrawn",
  "invitation.declined",
  "organization.renamed",
  // Its settings changed (staff sync): screens read the organization again.
  "organization.updated",
  "organization.deleted",
  // For one person only (their own streams): a notification was raised for them.
  "notification.created",
] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** One change, as a stream delivers it (SSE `id:` is `id`, `data:` is this object as JSON). */
export interface LiveEvent {
  id: string;
  type: LiveEventType;
  /** The affected records: contact ids, a group id then contact ids, user ids, an invitation id... */
  ids: string[];
  /** True when `ids` names only the first of many (kept small across instances): reload instead of patching. */
  more?: true;
  /** For group membership events, the group. */
  groupId?: string;
  /** The record's new version, where it has one (contacts). */
  version?: number;
  /** Who made the change (a user id); null for the system. */
  actorId: string | null;
  /** Their display name, as the member list shows it ('This contact was changed by {name}'). */
  actorName?: string;
  /** ISO time the change committed. */
  at: string;
}

/** Who may receive each event: the action a member needs to read the same thing through the API. */
export const LIVE_EVENT_AUDIENCE: Record<LiveEventType, Action> = {
  "contact.created": "contacts.view",
  "contact.updated": "contacts.view",
  "contact.merged": "contacts.view",
  "contact.favorite": "contacts.view",
  "contact.trashed": "contacts.view",
  "contact.restored": "contacts.view",
  "contact.purged": "trash.view",
  "contacts.bulk": "contacts.view",
  "group.created": "groups.view",
  "group.updated": "groups.view",
  "group.deleted": "groups.view",
  "group.members_added": "groups.view",
  "group.member_removed": "groups.view",
  "member.added": "members.view",
  "member.removed": "members.view",
  "member.role_changed": "members.view",
  "member.updated": "members.view",
  "invitation.created": "members.view",
  "invitation.withdrawn": "members.view",
  "invitation.declined": "members.view",
  "organization.renamed": "contacts.view",
  "organization.updated": "contacts.view",
  "organization.deleted": "contacts.view",
  "notification.created": "contacts.view",
};

/** SSE event names besides the default (a LiveEvent). */
export const STREAM_HEARTBEAT = "heartbeat";
/** Sent when events may have been missed (resume impossible, the bus reconnected): reload what is shown. */
export const STREAM_REFETCH = "refetch";
/** Sent just before the server closes the stream for good (removed, signed out, organization deleted). */
export const STREAM_CLOSED = "closed";

/** The heartbeat period (spec section 9: realtime heartbeat 25 s). */
export const HEARTBEAT_MS = 25_000;

/**
 * Query parameter of a stream opened by a client that has seen no event yet: how many milliseconds ago
 * (by the client's own clock, so the two clocks need not agree) what it shows was read. The server
 * replays what arrived since, so a change made between a page's first reads and its stream is not lost.
 */
export const STREAM_VIEW_AGE = "viewAge";
