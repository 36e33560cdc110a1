import type { Role } from "../constants.js";

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
