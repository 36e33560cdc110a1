// Wire types of the member and invitation endpoints: the server's presenters return them and the
// screens read them, so the two cannot drift.
import type { Role } from "./constants.js";
import type { MemberAbilities } from "./policy/member-abilities.js";

export type { MemberAbilities };

/** The organization-user view (spec section 3); `id` is the user's id. */
export interface Member {
  id: string;
  email: string;
  name: string;
  role: Role;
  created_at: string | null;
  isOwner: boolean;
  /** Two-factor authentication is on for the account (User Management's column; passkeys will count too). */
  twoFactor: boolean;
  /** What the signed-in user may do to this member, computed by the shared policy. */
  abilities: MemberAbilities;
}

/** A pending invitation as the inviting organization sees it. */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
  canWithdraw: boolean;
}

/** The answer to adding a user: always an invitation, whether or not the address had an account. */
export interface InviteResult {
  outcome: "invited";
  emailSent: boolean;
  invitation: Invitation;
}

/** An invitation waiting for the signed-in person. */
export interface MyInvitation {
  id: string;
  organization: { id: string; name: string };
  role: Role;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}

export interface SearchUser {
  user_id: string;
  name: string | null;
  email: string;
  created_at: string | null;
}

/** What the page an invitation's mailed link opens shows (POST /api/account/invitation/verify). */
export interface InvitationLinkFacts {
  organization: { id: string; name: string };
  role: Role;
  /** The inviter's name, or null when their account is gone. */
  invitedBy: string | null;
  /** The invited person: their address, and the name the admin gave (editable on the page). */
  email: string;
  name: string;
}
