import { HEARTBEAT_MS, LIVE_EVENT_AUDIENCE, type LiveEvent } from "../../shared/live-events.js";
import { actorOf } from "../../shared/policy/actor.js";
import { can } from "../../shared/policy/can.js";
import type { OrgActor } from "../../shared/policy/types.js";
import type { Repositories } from "../db/repositories/index.js";
import type { Logger } from "../logger.js";
import { hasSecondFactor } from "../services/second-factor.js";
import type { BusMessage, EventBus } from "./bus.js";

/** Events kept per organization for Last-Event-ID resume (a bounded buffer: see ADR 012). */
export const REPLAY_EVENTS = 500;
/** A resume further back than this is answered with a refetch, even if the events are still kept. */
export const REPLAY_MS = 5 * 60_000;
/** A client this far behind (writes not yet taken by its socket) is cut off; it reconnects and resumes or refetches. */
const MAX_PENDING_WRITES = 1000;
/** Sessions checked per query on the heartbeat. */
const SESSION_CHECK_BATCH = 500;
/**
 * A stream's place under the limits on open streams (LIVE_STREAMS_PER_SESSION, LIVE_STREAMS_PER_ACCOUNT:
 * each tab holds one per organization), taken when it is asked for; `release` gives it back, once. When
 * a limit is full, which one. Each process's hub counts its own (docs/security.md says what that means).
 */
export type StreamSlot = { release(): void } | { full: "session" | "account"; max: number };

/** One open stream, as the hub drives it (server/routes/events.ts makes them). */
export interface LiveStream {
  actor: OrgActor;
  sessionId: string;
  /** Writes one event (`frame`: its SSE bytes, encoded once for every stream); false when the client is too far behind. */
  send(event: LiveEvent, frame: Uint8Array): boolean;
  heartbeat(): void;
  refetch(reason: string): void;
  /** Ends the stream for good, telling the client why. */
  close(reason: string): void;
}

interface Buffer {
  events: LiveEvent[];
  /** When each event arrived here (ms), for REPLAY_MS. */
  arrived: number[];
}

const encoder = new TextEncoder();
const frames = new WeakMap<LiveEvent, Uint8Array>();

/** The event as an SSE frame, serialised once however many streams it goes to. */
export function frameOf(event: LiveEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) frames.set(event, (frame = encoder.encode(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`)));
  return frame;
}

export type Resume = { kind: "replay"; events: LiveEvent[] } | { kind: "refetch" };

/**
 * Where a new stream starts: after the last event the client saw, or (a client that has seen none, such
 * as a page just opened) from a moment in this server's clock, so a change made between the page's
 * first reads and its stream is not lost.
 */
export type ResumeFrom = { lastEventId: string } | { since: number } | undefined;

/**
 * The streams open on this instance and what reaches them: every message of the bus (from this
 * instance or another) is checked against each stream's reader (the shared policy: nothing they could
 * not read through the API), kept for resume, and written. Removal from the organization, the end of
 * the session or the organization's deletion close the streams concerned.
 */
export function createLiveHub(options: {
  bus: EventBus;
  repos: Repositories;
  log: Logger;
  limits: { perSession: number; perAccount: number };
}) {
  const { bus, repos, log, limits } = options;
  const byOrganization = new Map<string, Set<LiveStream>>();
  const byUser = new Map<string, Set<LiveStream>>();
  const buffers = new Map<string, Buffer>();
  /** Events before this were not kept here (the process started, or the bus reconnected and the buffers went). */
  let keptSince = Date.now();
  const slotsOfSession = new Map<string, number>();
  const slotsOfAccount = new Map<string, number>();
  const count = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  const add = <K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(stream);
  };
  const remove = <K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) map.delete(key);
  };

  const unregister = (stream: LiveStream) => {
    remove(byOrganization, stream.actor.organizationId, stream);
    remove(byUser, stream.actor.userId, stream);
  };

  const end = (stream: LiveStream, reason: string) => {
    unregister(stream);
    stream.close(reason);
  };

  const deliver = (stream: LiveStream, event: LiveEvent) => {
    if (!can(stream.actor, LIVE_EVENT_AUDIENCE[event.type]).allowed) return;
    if (!stream.send(event, frameOf(event))) end(stream, "behind");
  };

  /** Re-reads a person's membership for their streams of one organization: gone closes, a new role applies. */
  const recheckMembership = async (stream: LiveStream) => {
    try {
      const membership = await repos.members(stream.actor.organizationId).membership(stream.actor.userId);
      if (!membership) return end(stream, "removed");
      if (Boolean(membership.require_two_factor) && !hasSecondFactor(membership)) return end(stream, "two-factor-required");
      stream.actor = actorOf(stream.actor, membership);
    } catch (error) {
      log.warn("live updates: membership check failed", { error: String(error) });
    }
  };

  const recheckSessions = async (streams: LiveStream[]) => {
    for (let i = 0; i < streams.length; i += SESSION_CHECK_BATCH) {
      const batch = streams.slice(i, i + SESSION_CHECK_BATCH);
      try {
        const alive = await repos.users.liveSessionIds([...new Set(batch.map((s) => s.sessionId))]);
        for (const stream of batch) if (!alive.has(stream.sessionId)) end(stream, "signed-out");
      } catch (error) {
        // The database is down: keep the streams; the next check decides.
        log.warn("live updates: session check failed", { error: String(error) });
        return;
      }
    }
  };

  const remember = (organizationId: string, event: LiveEvent) => {
    let buffer = buffers.get(organizationId);
    if (!buffer) buffers.set(organizationId, (buffer = { events: [], arrived: [] }));
    buffer.events.push(event);
    buffer.arrived.push(Date.now());
    if (buffer.events.length > REPLAY_EVENTS) {
      buffer.events.splice(0, buffer.events.length - REPLAY_EVENTS);
      buffer.arrived.splice(0, buffer.arrived.length - REPLAY_EVENTS);
    }
  };

  const onMessage = (message: BusMessage) => {
    if (message.kind === "check") {
      const streams = [...(byUser.get(message.userId) ?? [])];
      void recheckSessions(streams);
      for (const stream of streams) void recheckMembership(stream);
      return;
    }
    if (message.kind === "user") {
      for (const stream of [...(byUser.get(message.userId) ?? [])]) deliver(stream, message.event);
      return;
    }
    const { organizationId, event } = message;
    remember(organizationId, event);
    const streams = [...(byOrganization.get(organizationId) ?? [])];
    for (const stream of streams) deliver(stream, event);
    if (event.type === "organization.deleted") {
      for (const stream of streams) end(stream, "organization-deleted");
      buffers.delete(organizationId);
      return;
    }
    // A member removed or whose role changed: their own streams follow the membership as it is now.
    if (event.type === "member.removed" || event.type === "member.role_changed") {
      for (const stream of streams) if (event.ids.includes(stream.actor.userId)) void recheckMembership(stream);
    }
    // The organization may now require two-factor: streams of members without it end.
    if (event.type === "organization.updated") for (const stream of streams) void recheckMembership(stream);
  };

  bus.subscribe({
    message: onMessage,
    reset: () => {
      buffers.clear();
      keptSince = Date.now();
      for (const set of byOrganization.values()) for (const stream of set) stream.refetch("reconnected");
    },
  });

  const beat = setInterval(() => {
    const all = [...byOrganization.values()].flatMap((set) => [...set]);
    for (const stream of all) stream.heartbeat();
    void recheckSessions(all);
    // Forget the buffers nobody can resume from any more.
    const oldest = Date.now() - REPLAY_MS;
    for (const [id, buffer] of buffers) if ((buffer.arrived.at(-1) ?? 0) < oldest) buffers.delete(id);
  }, HEARTBEAT_MS);
  beat.unref();

  return {
    /**
     * Takes a slot for a stream the person asks for, before anything is awaited, so a burst of requests
     * cannot all pass the count; or says which limit is full.
     */
    reserve(userId: string, sessionId: string): StreamSlot {
      if ((slotsOfSession.get(sessionId) ?? 0) >= limits.perSession) return { full: "session", max: limits.perSession };
      if ((slotsOfAccount.get(userId) ?? 0) >= limits.perAccount) return { full: "account", max: limits.perAccount };
      count(slotsOfSession, sessionId, 1);
      count(slotsOfAccount, userId, 1);
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          count(slotsOfSession, sessionId, -1);
          count(slotsOfAccount, userId, -1);
        },
      };
    },
    /**
     * Adds a stream; with where the client's view stands (the last event it saw, or a moment), what it
     * missed since, or that it must refetch (the id is unknown here, or too old).
     */
    register(stream: LiveStream, from: ResumeFrom): Resume {
      add(byOrganization, stream.actor.organizationId, stream);
      add(byUser, stream.actor.userId, stream);
      const buffer = buffers.get(stream.actor.organizationId);
      const replay = (kept: Buffer, at: number): Resume => ({
        kind: "replay",
        events: kept.events.slice(at).filter((e) => can(stream.actor, LIVE_EVENT_AUDIENCE[e.type]).allowed),
      });
      const nothing: Resume = { kind: "replay", events: [] };
      if (from === undefined) return nothing;
      const oldest = Date.now() - REPLAY_MS;
      if ("lastEventId" in from) {
        const at = buffer ? buffer.events.findIndex((e) => e.id === from.lastEventId) : -1;
        return !buffer || at < 0 || buffer.arrived[at]! < oldest ? { kind: "refetch" } : replay(buffer, at + 1);
      }
      // Without a buffer nothing arrived in the last REPLAY_MS (a quiet one is forgotten after that); a
      // full one may have dropped what came after the moment.
      const dropped = buffer !== undefined && buffer.events.length >= REPLAY_EVENTS && buffer.arrived[0]! > from.since;
      if (from.since < oldest || from.since < keptSince || dropped) return { kind: "refetch" };
      const at = buffer ? buffer.arrived.findIndex((arrived) => arrived >= from.since) : -1;
      return !buffer || at < 0 ? nothing : replay(buffer, at);
    },
    unregister,
    /** Settles once this instance hears the bus (call before telling a client it is live). */
    listen: () => bus.listen(),
    /** Sends a message to every instance (this one included). */
    publish: (message: BusMessage) => bus.publish(message),
    /** How many streams are open here (for the benchmark and the log). */
    size: () => [...byOrganization.values()].reduce((n, set) => n + set.size, 0),
    /** Closes every stream (shutdown: open streams must not hold the graceful drain). */
    closeAll(reason: string) {
      for (const set of [...byOrganization.values()]) for (const stream of [...set]) end(stream, reason);
    },
    async close() {
      clearInterval(beat);
      this.closeAll("shutdown");
      await bus.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

export { MAX_PENDING_WRITES };
