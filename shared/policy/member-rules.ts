import type { Action } from "../permissions.js";
import type { Decision, MemberActor, MemberTarget } from "./types.js";

const deny = (message: string): Decision => ({ allowed: false, message });
const ALLOW: Decision = { allowed: true };

export const NOT_MANAGED_RESET = "This person also belongs to another organization. Send them a password reset e-mail instead.";
export const NOT_MANAGED_NAME = "This person also belongs to another organization. Only they can change their name.";
export const NOT_MANAGED_DELETE = "This user belongs to other organizations. Remove them from this organization instead.";

/**
 * Record rules for actions on another member (spec section 6, messages of section 8), after the role
 * matrix allowed the action. Powers over the account itself (its password, name, existence) reach only
 * accounts this organization manages (see docs/security.md); powers over the membership do not need it.
 */
export function memberRule(actor: MemberActor, action: Action, target: MemberTarget): Decision {
  const self = actor.userId === target.userId;
  switch (action) {
    case "members.edit":
      if (self) return deny("Cannot modify your own account");
      if (target.isOwner) return deny("The owner's name can only be changed by the owner");
      if (target.role === "admin") return deny("Admins' names can only be changed by themselves");
      if (!target.managed) return deny(NOT_MANAGED_NAME);
      return ALLOW;
    case "members.role":
      if (self) return deny("Cannot modify your own role");
      if (target.isOwner) return deny("Cannot change organization owner role");
      // Demoting first would strip an admin of every protection below: only the owner may.
      if (target.role === "admin" && !actor.isOwner) return deny("Only the organization owner can demote an admin");
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
      if (!target.managed) return deny(NOT_MANAGED_DELETE);
      return ALLOW;
    case "members.resetPassword":
      if (self) return deny("Cannot modify your own account");
      if (target.isOwner) return deny("Cannot reset the organization owner's password");
      if (target.role === "admin" && !actor.isOwner) return deny("Only the organization owner can reset an admin's password");
      if (!target.managed) return deny(NOT_MANAGED_RESET);
      return ALLOW;
    case "members.sendResetEmail":
      if (self) return deny("Cannot modify your own account");
      return ALLOW;
    default:
      return ALLOW;
  }
}
