import type { Role } from "../constants.js";
import type { MemberActor } from "./types.js";

/** What a membership row says about its member: their role, and who owns the organization. */
export interface MembershipFacts {
  role: Role;
  owner_id: string | null;
}

/** The actor a member is in their organization, from their membership as just read. */
export const actorOf = (member: { userId: string; organizationId: string }, membership: MembershipFacts): MemberActor => ({
  userId: member.userId,
  organizationId: member.organizationId,
  role: membership.role,
  isOwner: membership.owner_id === member.userId,
});
