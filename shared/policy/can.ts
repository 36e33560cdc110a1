import { type Action, type MatrixRole, roleAllows } from "../permissions.js";
import { memberRule } from "./member-rules.js";
import type { Decision, MemberTarget, OrgActor, OrganizationTarget } from "./types.js";

export const matrixRole = (actor: Pick<OrgActor, "role" | "isOwner">): MatrixRole => (actor.isOwner ? "owner" : actor.role);

const DENIED_BY_ROLE: Partial<Record<Action, string>> = {
  "members.deleteAccount": "Only admins can delete user accounts",
  "members.remove": "Only admins can remove users from the organization",
  "members.role": "Only admins can change user roles",
  "members.edit": "Only admins and organization owners can update user profiles",
  "contacts.export": "Access denied: Admin privileges required for data export",
};

export const deniedByRole = (action: Action): string => DENIED_BY_ROLE[action] ?? "Access denied. Please check your permissions.";

/**
 * The one authorization decision, for the server and the screens alike: the role matrix first, then
 * the record rules of spec section 6 for the target, if any.
 */
export function can(actor: OrgActor, action: Action, target?: MemberTarget | OrganizationTarget): Decision {
  if (!roleAllows(matrixRole(actor), action)) return { allowed: false, message: deniedByRole(action) };
  if (action === "organization.delete" && target && "ownerOrganizationCount" in target) {
    if (target.ownerOrganizationCount < 2) return { allowed: false, message: "You cannot delete your only organization" };
  }
  if (target && "userId" in target) return memberRule(actor, action, target);
  return { allowed: true };
}
