import type { OrgActor } from "../../shared/policy/types.js";
import type { Actor, AppDeps } from "../deps.js";

export type { Actor, AppDeps };

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    /** Set by requireOrgMember on /api/orgs/:orgId routes. */
    orgActor: OrgActor;
    clientIp: string;
  };
}
