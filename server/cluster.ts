import cluster, { type Worker } from "node:cluster";
import { relayLiveMessages } from "./events/cluster-bus.js";
import type { Logger } from "./logger.js";

/** A worker that dies sooner than this after its start is restarted only after a pause. */
const RESTART_PAUSE_MS = 1000;

/**
 * The primary of WEB_CONCURRENCY worker processes sharing one port. It serves nothing itself: it
 * forks, restarts a worker that dies, and on SIGTERM/SIGINT asks every worker to drain, waits for
 * them, and exits 0 only if every one of them finished its requests in time.
 */
export function runPrimary(workers: number, graceMs: number, log: Logger, onListening: () => void) {
  let stopping = false;
  let failed = false;
  let listening = false;
  const live = new Set<Worker>();
  relayLiveMessages();

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once("listening", () => {
      if (!listening) onListening();
      listening = true;
    });
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      if (code !== 0) failed = true;
      if (stopping) {
        if (live.size === 0) process.exit(failed ? 1 : 0);
        return;
      }
      if (!listening) {
        // It never served (port taken, database unreachable...): restarting would only loop.
        log.error("worker process could not start; stopping", { code, signal });
        for (const other of live) other.process.kill("SIGKILL");
        process.exit(1);
      }
      log.error("worker process died; starting another", { pid: worker.process.pid, code, signal });
      setTimeout(() => !stopping && fork(), RESTART_PAUSE_MS);
    });
  };
  for (let i = 0; i < workers; i++) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    failed = false;
    log.info("shutting down", { signal, workers: live.size, graceMs });
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill("SIGTERM");
    // Workers enforce the grace themselves; this only catches one that hangs past it.
    setTimeout(() => {
      log.error("workers did not stop in time; killing them", { workers: live.size });
      for (const worker of live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, graceMs + 5000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
