import type { LiveEvent } from "../../shared/live-events.js";

/** What travels between app instances: kept small (PostgreSQL NOTIFY payloads stop at 8,000 bytes). */
export type BusMessage =
  /** A change in an organization, for its members' streams. */
  | { kind: "org"; organizationId: string; event: LiveEvent }
  /** Something for one person's streams only (a notification). */
  | { kind: "user"; userId: string; event: LiveEvent }
  /** A person's sessions or memberships changed: their open streams re-check that they may stay open. */
  | { kind: "check"; userId: string };

export interface BusHandlers {
  message(message: BusMessage): void;
  /** Messages may have been lost (the connection to the other instances was down): streams must refetch. */
  reset(): void;
}

/**
 * Carries messages to every app instance, this one included. SQLite serves one machine: an in-memory
 * bus (relayed through the primary when WEB_CONCURRENCY forks workers). PostgreSQL: LISTEN/NOTIFY.
 */
export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /**
   * Starts hearing messages (PostgreSQL: opens the listening connection on first use, so a process
   * that never serves a stream holds no extra connection); settles once messages published from now
   * on are heard here.
   */
  listen(): Promise<void>;
  subscribe(handlers: BusHandlers): void;
  close(): Promise<void>;
}

/** One process: a message reaches this process's handlers, after the current turn (as a remote one would). */
export function createMemoryBus(): EventBus {
  const subscribers: BusHandlers[] = [];
  return {
    publish: async (message) => {
      queueMicrotask(() => {
        for (const s of subscribers) s.message(message);
      });
    },
    listen: () => Promise.resolve(),
    subscribe: (handlers) => void subscribers.push(handlers),
    close: async () => void subscribers.splice(0),
  };
}
