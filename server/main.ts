import cluster from "node:cluster";
import { createApp } from "./app.js";
import { passwordHasher } from "./auth/password-hashing.js";
import { runPrimary } from "./cluster.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { promoteDeviceLines } from "./services/data-upgrades.js";
import { postgresTarget } from "./db/postgres-url.js";
import { explainStartFailure, retryWhileUnavailable } from "./db/start-retry.js";
import { buildDeps } from "./deps.js";
import { serveGracefully } from "./http/graceful-server.js";
import { serveWhileWaiting, type WaitingServer } from "./http/waiting-server.js";
import { createConsoleLogger, type Logger } from "./logger.js";
import { bootstrapFirstAdmin, formatBootstrapBanner } from "./services/bootstrap.js";
import { startInvitationSweeper } from "./services/invitations.js";
import { startHistoryPruner } from "./services/contact-history.js";
import { startWebhookWorker } from "./services/webhooks/worker.js";

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Migrations and the first-run administrator, once, before anything serves. PostgreSQL may not be up
 * yet (both started at boot): an outage is waited out, answering health checks meanwhile, and a
 * SIGTERM then exits at once. SQLite is a file: nothing to wait for.
 */
async function prepareDatabase(config: Config, log: Logger) {
  if (config.databaseUrl.startsWith("sqlite:")) return prepareOnce(config, log);
  let waiting: WaitingServer | null = null;
  const stop = (signal: NodeJS.Signals) => {
    log.info("stopped before serving", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  try {
    const { host, port } = postgresTarget(config.databaseUrl);
    await retryWhileUnavailable(() => prepareOnce(config, log), {
      log,
      server: `${host}:${port}`,
      beforeFirstPause: async () => void (waiting = await serveWhileWaiting(config.port, log)),
    });
  } catch (error) {
    throw explainStartFailure(error, config.databaseUrl);
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await (waiting as WaitingServer | null)?.close();
  }
}

async function prepareOnce(config: Config, log: Logger) {
  // No statement timeout here: building an index on a large book may take minutes.
  const database = openDatabase(config.databaseUrl, { timeouts: null });
  try {
    const applied = await migrateToLatest(database, { defaultCountry: config.defaultCountry });
    if (applied.length) log.info("migrations applied", { applied });
    const deps = buildDeps(config, database, log);
    const promoted = await promoteDeviceLines(deps);
    if (promoted) log.info("device lines read into contact fields", { contacts: promoted });
    const first = await bootstrapFirstAdmin(deps, config);
    if (first) console.log("\n" + formatBootstrapBanner(first, config.appUrl) + "\n");
  } finally {
    await database.destroy();
  }
}

/** Serves HTTP in this process until SIGTERM/SIGINT, then drains and exits (1 if requests were cut). */
async function serveHttp(config: Config, log: Logger) {
  const database = openDatabase(config.databaseUrl, { timeouts: config.databaseTimeouts });
  let draining = () => false;
  const deps = { ...buildDeps(config, database, log), draining: () => draining() };
  const app = createApp(deps);
  // One sweeper is enough: the single process, or the first worker.
  const sweeps = !cluster.isWorker || cluster.worker?.id === 1;
  const stopSweeper = sweeps ? startInvitationSweeper(deps) : () => undefined;
  const stopPruner = sweeps ? startHistoryPruner(deps) : () => undefined;
  // Every process delivers webhooks: claims are leased, so no attempt is sent twice (ADR 025).
  const webhooks = startWebhookWorker(deps);
  const http = await serveGracefully(app.fetch, config.port, log);
  draining = http.draining;
  if (cluster.isPrimary) {
    log.info(`Contactbook listening on http://localhost:${http.port}`, { engine: database.engine, appUrl: config.appUrl });
  }

  const shutdown = async () => {
    if (http.draining()) return;
    stopSweeper();
    stopPruner();
    // Open streams never finish by themselves: end them first so the drain waits only for real requests.
    const closingLive = deps.live.close();
    const finished = await http.shutdown(config.shutdownGraceMs);
    // Attempts under way finish (each within its timeout); what is still queued waits in the database.
    await webhooks.stop();
    await deps.searchUsage.flush();
    await Promise.allSettled([closingLive, database.destroy(), passwordHasher(config.passwordHashThreads).close()]);
    if (cluster.isPrimary) log.info(finished ? "stopped: every request finished" : "stopped: requests were cut");
    process.exit(finished ? 0 : 1);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

async function main() {
  const log = createConsoleLogger();
  const config = readConfig();
  if (cluster.isWorker) return serveHttp(config, log);
  await prepareDatabase(config, log);
  if (config.webConcurrency === 1) return serveHttp(config, log);
  runPrimary(config.webConcurrency, config.shutdownGraceMs, log, () =>
    log.info(`Contactbook listening on http://localhost:${config.port}`, {
      engine: config.databaseUrl.startsWith("sqlite:") ? "sqlite" : "postgres",
      appUrl: config.appUrl,
      workers: config.webConcurrency,
    }),
  );
}

main().catch((error) => {
  console.error("Contactbook failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
