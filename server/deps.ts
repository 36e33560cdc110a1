import type { Auth } from "./auth/auth.js";
import { createAuth } from "./auth/auth.js";
import type { Config } from "./config.js";
import type { AppDatabase } from "./db/database.js";
import { type Repositories, createRepositories } from "./db/repositories/index.js";
import type { Logger } from "./logger.js";
import { userDisplayName } from "../shared/user-display.js";
import cluster from "node:cluster";
import { type EventBus, createMemoryBus } from "./events/bus.js";
import { createClusterBus } from "./events/cluster-bus.js";
import { type LiveHub, createLiveHub } from "./events/hub.js";
import { createPostgresBus } from "./events/postgres-bus.js";
import { type EventPublisher, createEventPublisher } from "./events/publisher.js";
import { type Mailer, createMailer } from "./mail/mailer.js";
import { type ImportQueue, createImportQueue } from "./services/imports/queue.js";
import { type SearchUsage, createSearchUsage } from "./services/search-usage.js";
import { type WakeSignal, createWakeSignal } from "./services/webhooks/signal.js";

/** Imports a process reads and writes at once, and how many may wait their turn (server/services/imports/queue.ts). */
const IMPORTS_AT_ONCE = 2;
const IMPORTS_WAITING = 20;

/** Everything the app's services are built from; main, the test harness and the benchmarks build it here. */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  repos: Repositories;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  /** Search requests counted for usage_stats, written in batches. */
  searchUsage: SearchUsage;
  /** The live streams open on this instance (server/routes/events.ts). */
  live: LiveHub;
  /** How services raise live events, after their write commits. */
  events: EventPublisher;
  /** The imports this process runs, a few at a time; the others wait their turn. */
  importQueue: ImportQueue;
  /** Wakes this process's webhook worker (server/services/webhooks/worker.ts) when a change committed. */
  webhookSignal: WakeSignal;
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
  const searchUsage = createSearchUsage((...args) => repos.usage.add(...args), log);
  const live = createLiveHub({ bus: createBus(database, log), repos, log, limits: config.liveStreams });
  const webhookSignal = createWakeSignal();
  const publisher = createEventPublisher(live, log, (id) => actorDisplayName(repos, id));
  return {
    config,
    database,
    repos,
    auth,
    mailer,
    log,
    searchUsage,
    live,
    // A committed change may have queued webhook deliveries: the worker looks at once.
    events: {
      ...publisher,
      changed: (...args) => {
        publisher.changed(...args);
        webhookSignal.wake();
      },
    },
    importQueue: createImportQueue(IMPORTS_AT_ONCE, IMPORTS_WAITING),
    webhookSignal,
  };
}

async function actorDisplayName(repos: Repositories, userId: string): Promise<string | null> {
  const [name, email] = await Promise.all([repos.profiles.findName(userId), repos.users.emailOf(userId)]);
  return email ? userDisplayName(name, email) : name;
}

/** PostgreSQL reaches every instance with NOTIFY; SQLite is one machine: memory, or the cluster's IPC. */
function createBus(database: AppDatabase, log: Logger): EventBus {
  if (database.engine === "postgres" && database.url) {
    return createPostgresBus({ db: database.db, url: database.url, schema: database.schema, log });
  }
  return cluster.isWorker ? createClusterBus() : createMemoryBus();
}
