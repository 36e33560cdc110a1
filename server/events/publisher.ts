import type { LiveEvent, LiveEventType } from "../../shared/live-events.js";
import { newId, nowIso } from "../db/ids.js";
import type { Logger } from "../logger.js";
import type { LiveHub } from "./hub.js";

/** Ids carried per event at most (a NOTIFY payload stays far below PostgreSQL's 8,000 bytes). */
export const MAX_EVENT_IDS = 100;

const NAME_TTL_MS = 60_000;

export interface ChangeDetail {
  ids: string[];
  version?: number | undefined;
  groupId?: string | undefined;
}

function buildEvent(type: LiveEventType, actorId: string | null, detail: ChangeDetail): LiveEvent {
  const event: LiveEvent = { id: newId(), type, ids: detail.ids.slice(0, MAX_EVENT_IDS), actorId, at: nowIso() };
  if (detail.ids.length > MAX_EVENT_IDS) event.more = true;
  if (detail.version !== undefined) event.version = detail.version;
  if (detail.groupId !== undefined) event.groupId = detail.groupId;
  return event;
}

/**
 * The one way services raise live events, always after their write committed (a rolled-back write
 * raises nothing). Sending never fails the request: the change is made; a lost event is covered by
 * the clients' refetch on reconnect and their periodic refresh.
 */
export function createEventPublisher(hub: LiveHub, log: Logger, nameOf: (userId: string) => Promise<string | null>) {
  // Names change rarely and a burst of edits comes from few people: remembered for a minute.
  let queue: Promise<void> = Promise.resolve();
  const names = new Map<string, { name: string | null; at: number }>();
  const actorName = async (userId: string) => {
    const known = names.get(userId);
    if (known && Date.now() - known.at < NAME_TTL_MS) return known.name;
    const name = await nameOf(userId).catch(() => null);
    if (names.size > 5000) names.clear();
    names.set(userId, { name, at: Date.now() });
    return name;
  };
  const send = (message: Parameters<LiveHub["publish"]>[0]) => {
    hub.publish(message).catch((error: unknown) => log.warn("live update not sent", { type: message.kind, error: String(error) }));
  };
  return {
    /** A change in an organization, by `actor` (a user id, or null for the system). */
    changed(organizationId: string, actorId: string | null, type: LiveEventType, detail: ChangeDetail): void {
      const event = buildEvent(type, actorId, detail);
      // One queue, so events leave in the order their writes committed even when a name is looked up.
      queue = queue.then(async () => {
        const name = actorId ? await actorName(actorId) : null;
        if (name) event.actorName = name;
        send({ kind: "org", organizationId, event });
      });
    },
    /** Something for one person's streams only. */
    toUser(userId: string, type: LiveEventType, detail: ChangeDetail): void {
      send({ kind: "user", userId, event: buildEvent(type, null, detail) });
    },
    /** The person's sessions or memberships changed: their open streams check whether they may stay. */
    recheck(userId: string): void {
      send({ kind: "check", userId });
    },
  };
}

export type EventPublisher = ReturnType<typeof createEventPublisher>;
