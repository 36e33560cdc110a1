import cluster from "node:cluster";
import type { BusMessage, EventBus, BusHandlers } from "./bus.js";

const TAG = "contactbook:live";

interface Envelope {
  tag: typeof TAG;
  message: BusMessage;
}

const isEnvelope = (value: unknown): value is Envelope => (value as Envelope | null)?.tag === TAG;

/**
 * SQLite with WEB_CONCURRENCY workers: one machine, several processes. A worker hands each message to
 * the primary, which sends it to every worker (the sender included), over node:cluster's IPC channel.
 */
export function createClusterBus(): EventBus {
  const subscribers: BusHandlers[] = [];
  const onMessage = (value: unknown) => {
    if (!isEnvelope(value)) return;
    for (const s of subscribers) s.message(value.message);
  };
  process.on("message", onMessage);
  return {
    publish: async (message) => {
      process.send?.({ tag: TAG, message } satisfies Envelope);
    },
    listen: () => Promise.resolve(),
    subscribe: (handlers) => void subscribers.push(handlers),
    close: async () => {
      subscribers.splice(0);
      process.off("message", onMessage);
    },
  };
}

/** In the primary: relays every worker's live messages to all workers. */
export function relayLiveMessages(): void {
  cluster.on("message", (_worker, value: unknown) => {
    if (!isEnvelope(value)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send(value);
    }
  });
}
