import cluster from "node:cluster";
import { createApp } from "./app.js";
import { createAuth } from "./auth/auth.js";
import { passwordHasher } from "./auth/password-hashing.js";
import { runPrimary } from "./cluster.js";
import { type Config, ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { serveGracefully } from "./http/graceful-server.js";
import { createConsoleLogger, type Logger } from "./logger.js";
import { createMailer } from "./mail/mailer.js";
import { bootstrapFirstAdmin, formatBootstrapBanner } from "./services/bootstrap.js";

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

/** Migrations and the first-run administrator, once, before anything serves. */
async function prepareDatabase(config: Config, log: Logger) {
  // No statement timeout here: building an index on a large book may take minutes.
  const database = openDatabase(config.databaseUrl, { timeouts: null });
  try {
    const applied = await migrateToLatest(database);
    if (applied.length) log.info("migrations applied", { applied });
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, database, log);
    const first = await bootstrapFirstAdmin(config, database, createAuth(config, database, mailer));
    if (first) console.log("\n" + formatBootstrapBanner(first, config.appUrl) + "\n");
  } finally {
    await database.destroy();
  }
}

/** Serves HTTP in this process until SIGTERM/SIGINT, then drains and exits (1 if requests were cut). */
async function serveHttp(config: Config, log: Logger) {
  const database = openDatabase(config.databaseUrl, { timeouts: config.databaseTimeouts });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, database, log);
  const auth = createAuth(config, database, mailer);
  let draining = () => false;
  const app = createApp({ config, database, auth, mailer, log, draining: () => draining() });
  const http = await serveGracefully(app.fetch, config.port, log);
  draining = http.draining;
  if (cluster.isPrimary) {
    log.info(`Contactbook listening on http://localhost:${http.port}`, { engine: database.engine, appUrl: config.appUrl });
  }

  const shutdown = async () => {
    if (http.draining()) return;
    const finished = await http.shutdown(config.shutdownGraceMs);
    await Promise.allSettled([database.destroy(), passwordHasher(config.passwordHashThreads).close()]);
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
