import type { Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Logger } from "../logger.js";

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

/** Serves `fetch` on `port` and tracks every in-flight request, so a shutdown can let them finish. */
export function serveGracefully(fetch: (request: Request) => Response | Promise<Response>, port: number, log: Logger): Promise<GracefulServer> {
  const inflight = new Set<ServerResponse>();
  let draining = false;
  let settle: (() => void) | undefined;
  const server = serve({ fetch, port }) as Server;

  const maybeSettled = () => {
    if (draining && inflight.size === 0) settle?.();
  };
  server.on("request", (_req, res: ServerResponse) => {
    inflight.add(res);
    if (draining) res.setHeader("connection", "close");
    res.on("close", () => {
      inflight.delete(res);
      if (!draining) return;
      // Its socket may be a keep-alive one that is idle now: close it rather than wait for the client.
      server.closeIdleConnections();
      maybeSettled();
    });
  });

  let shutdownPromise: Promise<boolean> | undefined;
  const shutdown = (graceMs: number) =>
    (shutdownPromise ??= new Promise<boolean>((resolve) => {
      draining = true;
      for (const res of inflight) if (!res.headersSent) res.setHeader("connection", "close");
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const finished = new Promise<void>((done) => {
        settle = done;
        maybeSettled();
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
