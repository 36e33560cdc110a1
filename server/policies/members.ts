import type { Action } from "../../shared/permissions.js";
import type { Decision, MemberTarget, OrgActor } from "./can.js";

const deny = (message: string): Decision => ({ allowed: false, message });
const ALLOW: Decision = { allowed: true };

/** Record rules for actions on another member (spec section 6, messages of section 8). */
export function memberRule(actor: OrgActor, action: Action, target: MemberTarget): Decision {
  const self = actor.userId === target.userId;
  switch (action) {
    case "members.edit":
      if (self) return deny("Cannot modify your own account");
      return ALLOW;
    case "members.role":
      if (self) return deny("Cannot modify your own role");
      if (target.isOwner) return deny("Cannot change organization owner role");
      return ALLOW;
    case "members.remove":
      if (self) return deny("Cannot remove yourself from the organization");
      if (target.isOwner) return deny("Cannot remove organization owner");
      if (target.role === "admin") return deny("Cannot remove admin users from the organization");
      return ALLOW;
    case "members.deleteAccount":
      if (self) return deny("Cannot delete your own account");
      if (target.isOwner) return deny("Cannot delete organization owner");
      if (target.role === "admin") return deny("Cannot delete admin users");
      // One organization's admin must not erase a person other organizations still rely on.
      if ((target.organizationCount ?? 1) > 1) {
        return deny("This user belongs to other organizations. Remove them from this organization instead.");
      }
      return ALLOW;
    case "members.resetPassword":
      if (self) return deny("Cannot modify your own account");
      if (target.isOwner) return deny("Cannot reset the organization owner's password");
      if (target.role === "admin" && !actor.isOwner) return deny("Only the organization owner can reset an admin's password");
      return ALLOW;
    default:
      return ALLOW;
  }
}
