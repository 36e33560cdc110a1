import type { Auth } from "./auth/auth.js";
import { createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import type { AppDatabase } from "./db/database.js";
import { type Repositories, createRepositories } from "./db/repositories/index.js";
import type { Logger } from "./logger.js";
import { type Mailer, createMailer } from "./mail/mailer.js";

/** Everything the app's services are built from; main, the test harness and the benchmarks build it here. */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  repos: Repositories;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  /** True once a graceful shutdown began: readiness then answers 503 so balancers move away. */
  draining?: () => boolean;
}

/** The signed-in person, as services see them. Roles are read per request, never from the session. */
export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
}

export function buildDeps(config: Config, database: AppDatabase, log: Logger): AppDeps {
  const repos = createRepositories(database.db, database.engine);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, repos.mailOutbox, log);
  const auth = createAuth(config, database);
  return { config, database, repos, auth, mailer, log };
}
