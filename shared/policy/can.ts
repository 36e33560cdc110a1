import { STAFF_CARDDAV_LABEL } from "../organization-settings.js";
import { type Action, type MatrixRole, roleAllows } from "../permissions.js";
import { memberRule } from "./member-rules.js";
import { tokenRule } from "./token-rules.js";
import type { Decision, MemberActor, MemberTarget, OrgActor, OrganizationTarget, SyncTarget, TrashTarget } from "./types.js";

/** How long after a delete its author may undo it without the power to restore from the trash. */
export const UNDO_DELETE_MS = 10 * 60 * 1000;

export const matrixRole = (actor: Pick<MemberActor, "role" | "isOwner">): MatrixRole => (actor.isOwner ? "owner" : actor.role);

const DENIED_BY_ROLE: Partial<Record<Action, string>> = {
  "members.deleteAccount": "Only admins can delete user accounts",
  "members.remove": "Only admins can remove users from the organization",
  "members.role": "Only admins can change user roles",
  "members.edit": "Only admins and organization owners can update user profiles",
  "contacts.export": "Access denied: Admin privileges required for data export",
  "usage.view": "Only admins can view usage statistics",
  "audit.view": "Only admins can view the audit log",
  "organization.rename": "Only admins can rename the organization",
  "organization.settings": "Only the owner and admins can change the organization's settings",
  "apiTokens.manage": "Only the owner and admins can manage API tokens",
  "webhooks.manage": "Only the owner and admins can manage webhooks",
  "contacts.sync": `Staff cannot sync this organization's book to their devices. The owner or an admin can turn on '${STAFF_CARDDAV_LABEL}' in User Management.`,
};

export const deniedByRole = (action: Action): string => DENIED_BY_ROLE[action] ?? "Access denied. Please check your permissions.";

/**
 * The one authorization decision, for the server and the screens alike: the role matrix first, then
 * the record rules of spec section 6 for the target, if any. An API token is decided by its scopes alone.
 */
export function can(actor: OrgActor, action: Action, target?: MemberTarget | OrganizationTarget | TrashTarget | SyncTarget): Decision {
  if (actor.token) return tokenRule(actor, action);
  if (action === "trash.restore" && target && "deletedBy" in target && target.deletedBy === actor.userId) {
    // Anyone may undo their own delete for a while (the toast's Undo), even staff who cannot open the trash.
    if (Date.parse(target.now) - Date.parse(target.deletedAt) <= UNDO_DELETE_MS) return { allowed: true };
  }
  // Syncing is the owner's and admins'; the organization may open it to staff too.
  if (action === "contacts.sync" && target && "staffCardDav" in target && target.staffCardDav) return { allowed: true };
  if (!roleAllows(matrixRole(actor), action)) return { allowed: false, message: deniedByRole(action) };
  if (action === "organization.delete" && target && "ownerOrganizationCount" in target) {
    if (target.ownerOrganizationCount < 2) return { allowed: false, message: "You cannot delete your only organization" };
  }
  if (target && "userId" in target) return memberRule(actor, action, target);
  return { allowed: true };
}
