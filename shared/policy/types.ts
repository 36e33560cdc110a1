import type { ApiScope } from "../api-tokens.js";
import type { Role } from "../constants.js";

/** A member acting in their organization: read from the database on every request. */
export interface MemberActor {
  userId: string;
  organizationId: string;
  role: Role;
  isOwner: boolean;
  token?: undefined;
}

/**
 * An organization API token acting (ADR 024): its scopes decide, never a role. `userId` is the owner
 * or admin who made it (still one, checked on every request), recorded as the person accountable
 * beside the token's name.
 */
export interface TokenActor {
  userId: string;
  organizationId: string;
  token: { id: string; name: string; scopes: readonly ApiScope[] };
  role?: undefined;
  isOwner?: undefined;
}

/** Who is acting, inside one organization: a member, or one of its API tokens. */
export type OrgActor = MemberActor | TokenActor;

/** The member an action is aimed at, for the record rules (not oneself, not the owner, ...). */
export interface MemberTarget {
  userId: string;
  role: Role;
  isOwner: boolean;
  /**
   * Whether this organization manages the account: it belongs to this organization alone (a pending
   * invitation from another one does not count until accepted). Account-level powers (password, name,
   * deletion) need it.
   */
  managed: boolean;
}

export interface OrganizationTarget {
  /** How many organizations the acting owner belongs to. */
  ownerOrganizationCount: number;
}

export type Decision = { allowed: true } | { allowed: false; message: string };

/** A contact in the trash, for "undo my own delete". */
export interface TrashTarget {
  deletedBy: string | null;
  /** ISO time of the delete. */
  deletedAt: string;
  /** ISO time of the request (the server's clock). */
  now: string;
}

/** An organization's book, for "may this member sync it to their devices". */
export interface SyncTarget {
  /** The organization's setting 'Staff may sync the book to their devices'. */
  staffCardDav: boolean;
}
