import type { Action } from "../../shared/permissions.js";
import { can } from "../../shared/policy/can.js";
import type { MemberTarget, OrgActor, OrganizationTarget, SyncTarget, TrashTarget } from "../../shared/policy/types.js";
import { forbidden } from "../errors.js";

export type { MemberTarget, OrgActor, OrganizationTarget, SyncTarget, TrashTarget };

/** Throws 403 with the rule's message unless the shared policy allows the action. */
export function authorize(actor: OrgActor, action: Action, target?: MemberTarget | OrganizationTarget | TrashTarget | SyncTarget): void {
  const decision = can(actor, action, target);
  if (!decision.allowed) throw forbidden(decision.message);
}
