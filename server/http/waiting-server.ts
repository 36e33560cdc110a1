import { createServer, type ServerResponse } from "node:http";
import { failureReason } from "../db/database.js";
import type { Logger } from "../logger.js";
import { databaseFailureBody } from "./database-errors.js";

export interface WaitingServer {
  /** Frees the port for the real server (open connections are closed). */
  close(): Promise<void>;
}

/**
 * Holds the port while the start waits for the database: liveness answers 200, so a supervisor does
 * not restart the app through an outage, and readiness and every other request answer 503 as they do
 * during a later outage. Resolves null (and the start goes on without it) if the port cannot be had.
 */
export function serveWhileWaiting(port: number, log: Logger): Promise<WaitingServer | null> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/api/health/live") return answer(res, 200, { status: "ok" });
    if (path === "/api/health")
      return answer(res, 503, { status: "unavailable", kind: "unavailable", reason: failureReason("unavailable") });
    res.setHeader("Retry-After", "5");
    answer(res, 503, databaseFailureBody("unavailable"));
  });
  return new Promise((resolve) => {
    server.once("error", (error) => {
      log.warn("could not answer health checks while waiting for the database", { cause: error.message });
      resolve(null);
    });
    server.listen(port, () =>
      resolve({
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      }),
    );
  });
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(JSON.stringify(body));
}
