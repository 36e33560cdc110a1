import { type Action, type MatrixRole, roleAllows } from "../../shared/permissions.js";
import type { Role } from "../db/schema.js";
import { forbidden } from "../errors.js";
import { memberRule } from "./members.js";

/** Who is acting, inside one organization: read from the database on every request. */
export interface OrgActor {
  userId: string;
  organizationId: string;
  role: Role;
  isOwner: boolean;
}

/** The member an action is aimed at, for the record rules (not oneself, not the owner, ...). */
export interface MemberTarget {
  userId: string;
  role: Role;
  isOwner: boolean;
  /** How many organizations the target belongs to (account deletion must not reach other tenants). */
  organizationCount?: number;
}

export interface OrganizationTarget {
  /** How many organizations the acting owner belongs to. */
  ownerOrganizationCount: number;
}

export type Decision = { allowed: true } | { allowed: false; message: string };

const ALLOW: Decision = { allowed: true };

export const matrixRole = (actor: Pick<OrgActor, "role" | "isOwner">): MatrixRole => (actor.isOwner ? "owner" : actor.role);

const DENIED_BY_ROLE: Partial<Record<Action, string>> = {
  "members.deleteAccount": "Only admins can delete user accounts",
  "members.remove": "Only admins can remove users from the organization",
  "members.role": "Only admins can change user roles",
  "members.edit": "Only admins and organization owners can update user profiles",
  "contacts.export": "Access denied: Admin privileges required for data export",
};

/**
 * The one authorization decision: the shared role matrix first, then the record rules of spec
 * section 6 for the target, if any.
 */
export function can(actor: OrgActor, action: Action, target?: MemberTarget | OrganizationTarget): Decision {
  if (!roleAllows(matrixRole(actor), action)) {
    return { allowed: false, message: DENIED_BY_ROLE[action] ?? "Access denied. Please check your permissions." };
  }
  if (action === "organization.delete" && target && "ownerOrganizationCount" in target) {
    if (target.ownerOrganizationCount < 2) return { allowed: false, message: "You cannot delete your only organization" };
  }
  if (target && "userId" in target) return memberRule(actor, action, target);
  return ALLOW;
}

/** Throws 403 with the rule's message unless allowed. */
export function authorize(actor: OrgActor, action: Action, target?: MemberTarget | OrganizationTarget): void {
  const decision = can(actor, action, target);
  if (!decision.allowed) throw forbidden(decision.message);
}
