import type { AppDeps } from "../../deps.js";
import type { OrgActor } from "../../policies/authorize.js";

/** Many contacts changed at once (a committed batch, an undo): screens reload what they show. */
export function bulkChanged(deps: AppDeps, actor: OrgActor) {
  deps.events.changed(actor.organizationId, actor.userId, "contacts.bulk", { ids: [] });
}
