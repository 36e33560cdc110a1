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

export interface GracefulServer {
  server: Server;
  port: number;
  /** True from the first shutdown call on. */
  draining(): boolean;
  /**
   * Stops accepting, closes idle keep-alive connections, answers what is in flight with
   * `Connection: close`, and waits up to `graceMs`. Resolves true when every request finished,
   * false when the grace ran out and the rest were cut (they are logged).
   */
  shutdown(graceMs: number): Promise<boolean>;
}

/** Serves `fetch` on `port` and tracks every connection and request, so a shutdown can let them finish. */
export function serveGracefully(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  log: Logger,
): Promise<GracefulServer> {
  const busy = new Map<Socket, number>();
  const inflight = new Set<ServerResponse>();
  let draining = false;
  let quietPassed = false;
  let settle: (() => void) | undefined;
  const server = serve({ fetch, port }) as Server;

  const closeIfIdle = (socket: Socket) => {
    if (quietPassed && busy.get(socket) === 0) socket.destroy();
  };
  server.on("connection", (socket: Socket) => {
    busy.set(socket, 0);
    socket.once("close", () => busy.delete(socket));
  });
  server.on("request", (req, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    inflight.add(res);
    if (draining) res.setHeader("connection", "close");
    res.once("close", () => {
      inflight.delete(res);
      if (busy.has(socket)) busy.set(socket, busy.get(socket)! - 1);
      if (!draining) return;
      closeIfIdle(socket);
      if (inflight.size === 0) settle?.();
    });
  });

  let shutdownPromise: Promise<boolean> | undefined;
  const shutdown = (graceMs: number) =>
    (shutdownPromise ??= new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of inflight) if (!res.headersSent) res.setHeader("connection", "close");
      // Connections the kernel completed but the app has not accepted yet would be reset when the
      // listener closes: let one more poll phase accept them first (two check phases away). Then
      // net's close, not http's: http's also drops at once every connection whose request is not
      // parsed yet, which resets requests the client has already sent.
      const closed = new Promise<void>((done) =>
        setImmediate(() => setImmediate(() => NetServer.prototype.close.call(server, () => done()))),
      );
      setTimeout(
        () => {
          quietPassed = true;
          for (const socket of busy.keys()) closeIfIdle(socket);
        },
        Math.min(QUIET_CONNECTION_MS, graceMs),
      ).unref();
      const finished = new Promise<void>((done) => {
        settle = done;
        if (inflight.size === 0) done();
      });
      const timer = setTimeout(() => {
        const cut = [...inflight].map((res) => `${res.req.method} ${res.req.url}`);
        log.error("shutdown grace ran out: cutting requests still in flight", { graceMs, count: cut.length, requests: cut.slice(0, 20) });
        server.closeAllConnections();
        resolve(false);
      }, graceMs);
      void Promise.all([finished, closed]).then(() => {
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
