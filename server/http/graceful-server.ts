import type { Server, ServerResponse } from "node:http";
import { type AddressInfo, Server as NetServer, type Socket } from "node:net";
import { serve } from "@hono/node-server";
import type { Logger } from "../logger.js";

/**
 * During a drain, a connection with no request in progress gets this long to send one (it is then
 * answered with `Connection: close`) before it is closed. It covers a request already on the wire
 * when the signal came, which closing at once would reset.
 */
const QUIET_CONNECTION_MS = 500;

/**
 * The listener closes once no connection has arrived for this long and a whole loop iteration
 * accepted none. libuv accepts one connection per loop iteration, and a cluster's primary hands a
 * worker one connection at a time: closing the listener while either queue holds connections the
 * kernel already completed resets them, with the requests their clients have sent.
 */
const LISTENER_QUIET_MS = 30;

export interface GracefulServer {
  server: Server;
  port: number;
  /** True from the first shutdown call on. */
  draining(): boolean;
  /**
   * Stops accepting, answers every request that has arrived with `Connection: close`, closes idle
   * keep-alive connections, and waits up to `graceMs`. Resolves true when every request finished,
   * false when the grace ran out and the rest were cut (they are logged).
   */
  shutdown(graceMs: number): Promise<boolean>;
}

/**
 * Runs `work` once the event loop has read every socket: a poll phase runs between two check phases,
 * so two immediates away, whatever arrived before this call has been read and its request parsed. A
 * timer alone fires before the poll phase, and a busy loop (SQLite answers inside one long run of
 * promise jobs) may not have read for hundreds of milliseconds.
 */
const afterPendingReads = (work: () => void) => setImmediate(() => setImmediate(work));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Serves `fetch` on `port` and tracks every connection and request, so a shutdown can let them finish. */
export function serveGracefully(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  log: Logger,
): Promise<GracefulServer> {
  /** Every open connection and how many of its requests are being answered. */
  const requests = new Map<Socket, number>();
  const inflight = new Set<ServerResponse>();
  let draining = false;
  let quietPassed = false;
  const server = serve({ fetch, port }) as Server;

  // Ends the connection after what is written has been sent: destroying it at once could cut the end
  // of an answer still in the socket's buffer.
  const closeIfIdle = (socket: Socket) => {
    if (quietPassed && requests.get(socket) === 0) socket.end(() => socket.destroy());
  };
  let arrivals = 0;
  let lastArrival = 0;
  server.on("connection", (socket: Socket) => {
    arrivals++;
    lastArrival = performance.now();
    requests.set(socket, 0);
    socket.once("close", () => requests.delete(socket));
  });
  server.on("request", (req, res: ServerResponse) => {
    const socket = req.socket;
    requests.set(socket, (requests.get(socket) ?? 0) + 1);
    inflight.add(res);
    if (draining) res.setHeader("connection", "close");
    res.once("close", () => {
      inflight.delete(res);
      if (requests.has(socket)) requests.set(socket, requests.get(socket)! - 1);
      if (draining) closeIfIdle(socket);
    });
  });

  /**
   * Resolves once no connection is waiting to be accepted (see LISTENER_QUIET_MS), or at `latestMs`
   * if clients keep connecting.
   */
  const noneArriving = (latestMs: number) =>
    new Promise<void>((done) => {
      const deadline = performance.now() + latestMs;
      lastArrival = performance.now();
      const check = () => {
        const seen = arrivals;
        afterPendingReads(() => {
          const quiet = arrivals === seen && performance.now() - lastArrival >= LISTENER_QUIET_MS;
          if (quiet || performance.now() >= deadline) done();
          else setTimeout(check, LISTENER_QUIET_MS);
        });
      };
      setTimeout(check, LISTENER_QUIET_MS);
    });

  let shutdownPromise: Promise<boolean> | undefined;
  const shutdown = (graceMs: number) =>
    (shutdownPromise ??= new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of inflight) if (!res.headersSent) res.setHeader("connection", "close");
      const accepted = noneArriving(graceMs / 2);
      // Net's close, not http's: http's also drops at once every connection whose request is not
      // parsed yet, which resets requests the client has sent. It calls back when the last
      // connection is gone, which is when every request is answered.
      const closed = accepted.then(() => new Promise<void>((done) => NetServer.prototype.close.call(server, () => done())));
      // Idle connections close once the quiet time is over and every accepted one has been read.
      void Promise.all([accepted, sleep(Math.min(QUIET_CONNECTION_MS, graceMs))]).then(() =>
        afterPendingReads(() => {
          quietPassed = true;
          for (const socket of requests.keys()) closeIfIdle(socket);
        }),
      );
      const timer = setTimeout(() => {
        const cut = [...inflight].map((res) => `${res.req.method} ${res.req.url}`);
        log.error("shutdown grace ran out: cutting requests still in flight", {
          graceMs,
          count: cut.length,
          connections: requests.size,
          requests: cut.slice(0, 20),
        });
        server.closeAllConnections();
        for (const socket of requests.keys()) socket.destroy();
        resolve(false);
      }, graceMs);
      void closed.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    }));

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve({ server, port: (server.address() as AddressInfo).port, draining: () => draining, shutdown });
    });
  });
}
