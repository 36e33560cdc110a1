import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Logger } from "../logger.js";
import type { BusHandlers, BusMessage, EventBus } from "./bus.js";

/** How long the listening connection waits before trying again after losing the database, at most. */
const MAX_RETRY_MS = 5000;
/** A listening connection hears nothing when idle, so a dead one is found by asking now and then. */
const PING_EVERY_MS = 30_000;
const PING_TIMEOUT_MS = 5000;

/** The channel of one database (and schema: test runs share one database): a lower-case identifier. */
export function channelName(schema: string | undefined): string {
  return `contactbook_live${schema ? "_" + schema.toLowerCase().replace(/[^a-z0-9_]/g, "_") : ""}`.slice(0, 63);
}

/**
 * Several instances on one PostgreSQL database: a message is sent with NOTIFY through the ordinary
 * pool and heard by every instance (this one too) on a connection of its own that only LISTENs. That
 * connection is re-opened whenever it is lost (a restart, a failover, a network cut); messages sent in
 * between cannot be heard, so the streams are then told to refetch.
 */
export function createPostgresBus(options: { db: Kysely<any>; url: string; schema?: string | undefined; log: Logger }): EventBus {
  const { db, url, log } = options;
  const channel = channelName(options.schema);
  const subscribers: BusHandlers[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pingTimer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    for (const s of subscribers) s.message(message);
  };

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(pingTimer);
    current.removeAllListeners("notification");
    void current.end().catch(() => undefined);
    if (closed) return;
    if (failures === 0) log.warn("live updates: lost the PostgreSQL listening connection; reconnecting", { reason });
    const delay = Math.min(MAX_RETRY_MS, 250 * 2 ** failures++);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 });
    // An unhandled 'error' event would end the process; a lost connection is expected and retried.
    next.on("error", (error) => lost(next, error.message));
    next.on("end", () => lost(next, "connection ended"));
    next.on("notification", (n) => {
      if (n.channel === channel) deliver(n.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      lost(next, (error as Error).message);
      return;
    }
    if (client !== next) return;
    if (failures > 0 || everConnected) {
      log.info("live updates: listening again", { after: failures });
      // Whatever was sent while we were deaf is lost: every stream reloads what it shows.
      for (const s of subscribers) s.reset();
    }
    failures = 0;
    everConnected = true;
    pingTimer = setInterval(() => void ping(next), PING_EVERY_MS);
    pingTimer.unref();
  };

  const ping = async (current: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query("select 1"),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no answer to a ping")), PING_TIMEOUT_MS))),
      ]);
    } catch (error) {
      lost(current, (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
  };

  let started: Promise<void> | undefined;

  return {
    listen: () => (started ??= connect()),
    publish: async (message) => {
      await sql`select pg_notify(${channel}, ${JSON.stringify(message)})`.execute(db);
    },
    subscribe: (handlers) => void subscribers.push(handlers),
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      subscribers.splice(0);
      await started?.catch(() => undefined);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
