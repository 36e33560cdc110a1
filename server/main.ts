import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { createConsoleLogger } from "./logger.js";
import { buildDeps } from "./deps.js";
import { bootstrapFirstAdmin, formatBootstrapBanner } from "./services/bootstrap.js";
import { startInvitationSweeper } from "./services/invitations.js";

async function main() {
  const log = createConsoleLogger();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openDatabase(config.databaseUrl);
  const applied = await migrateToLatest(database);
  if (applied.length) log.info("migrations applied", { applied });
  const deps = buildDeps(config, database, log);
  const first = await bootstrapFirstAdmin(deps, config);
  if (first) console.log("\n" + formatBootstrapBanner(first, config.appUrl) + "\n");

  const app = createApp(deps);
  startInvitationSweeper(deps);
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    log.info(`Contactbook listening on http://localhost:${info.port}`, { engine: database.engine, appUrl: config.appUrl });
  });

  const shutdown = () => {
    server.close(() => void database.destroy().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error("Contactbook failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
