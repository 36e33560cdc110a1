import type { AuditEntry } from "../db/repositories/audit-logs.js";
import type { OrgActor } from "../policies/authorize.js";

/** Who an audit entry names: the person, and the API token when one acted for them (ADR 024). */
export const auditedBy = (actor: OrgActor): Pick<AuditEntry, "userId" | "apiToken"> =>
  actor.token ? { userId: actor.userId, apiToken: { id: actor.token.id, name: actor.token.name } } : { userId: actor.userId };
