import { roleAllows, type MatrixRole } from "@shared/permissions";
import type { Member } from "../api";

export interface MemberAbilities {
  edit: boolean;
  changeRole: boolean;
  resetPassword: boolean;
  /** Whether the Remove User entry shows at all. */
  remove: boolean;
  /** Why Remove User is shown disabled (spec section 2), or null when it is enabled. */
  removeDisabledReason: string | null;
  deleteAccount: boolean;
}

/**
 * What the signed-in user may do to one member: the shared role matrix, then the record rules the
 * server enforces (not oneself, never the owner, admins cannot be removed or deleted). The server
 * still decides; this only keeps the menu from offering refusals.
 */
export function memberAbilities(actorRole: MatrixRole, actorUserId: string, member: Member): MemberAbilities {
  const other = member.id !== actorUserId;
  const removable = !member.isOwner && member.role !== "admin";
  const mayRemove = roleAllows(actorRole, "members.remove") || roleAllows(actorRole, "members.deleteAccount");
  return {
    edit: other && roleAllows(actorRole, "members.edit"),
    changeRole: other && !member.isOwner && roleAllows(actorRole, "members.role"),
    // The server keeps resetting an admin's password to the owner.
    resetPassword:
      other &&
      !member.isOwner &&
      (member.role !== "admin" || actorRole === "owner") &&
      roleAllows(actorRole, "members.resetPassword"),
    remove: other && mayRemove,
    removeDisabledReason: member.isOwner
      ? "Organization owner cannot be removed"
      : member.role === "admin"
        ? "Admin users cannot be removed"
        : null,
    deleteAccount: other && removable && roleAllows(actorRole, "members.deleteAccount"),
  };
}

/** True when the actions menu has at least one entry for this member. */
export function hasMemberActions(abilities: MemberAbilities): boolean {
  return abilities.edit || abilities.changeRole || abilities.resetPassword || abilities.remove;
}
