import type { Auth } from "../auth/auth.js";
import type { Config } from "../config.js";
import type { AppDatabase } from "../db/database.js";
import type { Logger } from "../logger.js";
import type { Mailer } from "../mail/mailer.js";
import type { OrgActor } from "../policies/can.js";

/** Everything the app is built from; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  /** True once a graceful shutdown began: readiness then answers 503 so balancers move away. */
  draining?: () => boolean;
}

/** The signed-in user, as every route sees it. Roles are read per request, never from the session. */
export interface Actor {
  userId: string;
  email: string;
  sessionId: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    /** Set by requireOrgMember on /api/orgs/:orgId routes. */
    orgActor: OrgActor;
    clientIp: string;
  };
}
