import type { Invitation, InviteResult, MyInvitation } from "../../shared/member-types.js";
import { ROLE_LABELS } from "../../shared/permissions.js";
import { can } from "../../shared/policy/can.js";
import { isUniqueViolation } from "../db/constraint-errors.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import { writeAudit } from "../db/repositories/audit-logs.js";
import {
  type InvitationRow,
  deleteExpiredInvitation,
  deleteExpiredInvitations,
  deleteOrganizationInvitation,
  deleteUnclaimedAccounts,
  findInvitationsByTokenHash,
  findPendingInvitation,
  insertInvitation,
  listInvitationsOfUser,
  listOrganizationInvitations,
  setInvitationTokenHash,
  takeInvitationOfUser,
} from "../db/repositories/invitations.js";
import { findMembership, insertMembership } from "../db/repositories/memberships.js";
import { consume } from "../db/repositories/rate-limits.js";
import { findProfileName } from "../db/repositories/profiles.js";
import { findUserByEmail, hasPassword } from "../db/repositories/users.js";
import type { Role } from "../db/schema.js";
import { conflict, notFound, rateLimited } from "../errors.js";
import type { Actor, AppDeps } from "../http/env.js";
import { invitationLink, invitationsPageLink } from "../mail/links.js";
import { invitationMail, invitationToAccountMail } from "../mail/templates.js";
import { type OrgActor, authorize } from "../policies/can.js";
import { issueToken } from "./account-tokens.js";
import { linkTokenHash } from "./password-reset.js";

/** Invitations, and the set-password links mailed with them, last 7 days. */
export const INVITATION_SECONDS = 7 * 24 * 60 * 60;

/** An invitation as the inviting organization sees it. */
export function presentInvitation(row: InvitationRow, actor: OrgActor): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: toIso(row.created_at)!,
    expires_at: toIso(row.expires_at)!,
    canWithdraw: can(actor, "members.add").allowed,
  };
}

async function spendInvitationAllowance(deps: AppDeps, actor: OrgActor): Promise<void> {
  const db = deps.database.db;
  const perPerson = { name: "invite-person", ...deps.config.inviteRateLimit };
  const perOrganization = { name: "invite-org", ...deps.config.inviteOrgRateLimit };
  const allowed =
    (await consume(db, `${perPerson.name}|user:${actor.userId}`, perPerson)) &&
    (await consume(db, `${perOrganization.name}|org:${actor.organizationId}`, perOrganization));
  if (!allowed) throw rateLimited("Too many invitations. Please wait before inviting more people.");
}

/**
 * Invites a person by e-mail. Nobody joins without consent: an address without an account gets one
 * (no password, nothing in it) and a link to choose a password, which accepts; an existing account
 * gets an invitation to accept in the app. The answer is the same in both cases, so it never tells
 * whether an address has an account.
 */
export async function inviteMember(
  deps: AppDeps,
  actor: OrgActor,
  input: { email: string; name?: string | undefined; role: Role },
): Promise<InviteResult> {
  authorize(actor, "members.add");
  await spendInvitationAllowance(deps, actor);
  const db = deps.database.db;
  const alreadyPending = () => conflict(`An invitation to ${input.email} is already pending`, "ALREADY_INVITED");
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (await findMembership(db, actor.organizationId, existing.id)) {
      throw conflict(`User ${input.email} is already a member of this organization`, "ALREADY_MEMBER");
    }
    if (await findPendingInvitation(db, actor.organizationId, existing.id)) throw alreadyPending();
  }
  const expiresAt = new Date(Date.now() + INVITATION_SECONDS * 1000).toISOString();
  let invitation: InvitationRow;
  try {
    invitation = await db.transaction().execute(async (trx) => {
      const userId = existing?.id ?? newId();
      if (existing) await deleteExpiredInvitation(trx, actor.organizationId, userId);
      else {
        const name = input.name ?? input.email.split("@")[0]!;
        const now = nowIso();
        await trx.insertInto("users").values({ id: userId, name, email: input.email, emailVerified: false, image: null, createdAt: now, updatedAt: now }).execute();
        await trx.insertInto("profiles").values({ user_id: userId, name, created_at: now, updated_at: now }).execute();
      }
      const row = await insertInvitation(trx, { organizationId: actor.organizationId, userId, email: input.email, role: input.role, invitedBy: actor.userId, expiresAt });
      await writeAudit(trx, {
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "invitations",
        recordId: row.id,
        operation: "MEMBER_INVITED",
        newData: { email: input.email, role: input.role },
      });
      return row;
    });
  } catch (error) {
    // Two invitations of one address at once: the second meets the first's row.
    if (isUniqueViolation(error)) throw alreadyPending();
    throw error;
  }
  const emailSent = await mailInvitation(deps, actor, invitation);
  return { outcome: "invited", emailSent, invitation: presentInvitation(invitation, actor) };
}

/** Mails the invitation: with a set-password link to an account that has no password yet. */
async function mailInvitation(deps: AppDeps, actor: OrgActor, invitation: InvitationRow): Promise<boolean> {
  const db = deps.database.db;
  const organization = await findMembership(db, actor.organizationId, actor.userId);
  const mail = {
    to: invitation.email,
    organizationName: organization?.organization_name ?? "an organization",
    inviterName: (await findProfileName(db, actor.userId)) ?? "An administrator",
    role: ROLE_LABELS[invitation.role],
  };
  if (await hasPassword(db, invitation.user_id)) {
    return (await deps.mailer.send(invitationToAccountMail({ ...mail, url: invitationsPageLink(deps.config.appUrl) }))).delivered;
  }
  const token = await issueToken(deps, "reset-password", invitation.user_id, INVITATION_SECONDS);
  await setInvitationTokenHash(db, invitation.id, linkTokenHash(token));
  return (await deps.mailer.send(invitationMail({ ...mail, url: invitationLink(deps.config.appUrl, token) }))).delivered;
}

/** The organization's open invitations, a keyset page at a time (by e-mail). */
export async function listInvitations(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "members.view");
  const after = cursor === undefined ? undefined : (decodeKeyset(cursor, ["string", "string"]) as [string, string]);
  const rows = await listOrganizationInvitations(deps.database.db, actor.organizationId, after, limit + 1);
  return toPage(rows, limit, (row) => presentInvitation(row, actor), (last) => [last.email, last.id]);
}

/** Withdraws an invitation; an account it created that nobody took up goes with it. */
export async function withdrawInvitation(deps: AppDeps, actor: OrgActor, id: string): Promise<void> {
  authorize(actor, "members.add");
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await deleteOrganizationInvitation(trx, actor.organizationId, id);
    if (!row) throw notFound("Invitation not found.");
    await writeAudit(trx, {
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "invitations",
      recordId: id,
      operation: "INVITATION_WITHDRAWN",
      oldData: { email: row.email, role: row.role },
    });
    await deleteUnclaimedAccounts(trx, [row.user_id]);
  });
}

/** The signed-in person's open invitations (at most 50, newest first). */
export async function listMyInvitations(deps: AppDeps, actor: Actor): Promise<{ items: MyInvitation[] }> {
  const rows = await listInvitationsOfUser(deps.database.db, actor.userId, 50);
  return {
    items: rows.map((row) => ({
      id: row.id,
      organization: { id: row.organization_id, name: row.organization_name },
      role: row.role,
      invited_by: row.inviter_name ?? null,
      created_at: toIso(row.created_at)!,
      expires_at: toIso(row.expires_at)!,
    })),
  };
}

/** Makes the invitation's person a member, in the transaction `trx` that took the invitation. */
async function join(trx: AppDeps["database"]["db"], invitation: InvitationRow): Promise<void> {
  if (!(await findMembership(trx, invitation.organization_id, invitation.user_id))) {
    await insertMembership(trx, invitation.organization_id, invitation.user_id, invitation.role);
  }
  await writeAudit(trx, {
    organizationId: invitation.organization_id,
    userId: invitation.user_id,
    tableName: "memberships",
    recordId: invitation.user_id,
    operation: "INVITATION_ACCEPTED",
    newData: { email: invitation.email, role: invitation.role },
  });
}

/** Accepts one of the signed-in person's invitations: from now on they are a member. */
export async function acceptInvitation(deps: AppDeps, actor: Actor, id: string) {
  const invitation = await deps.database.db.transaction().execute(async (trx) => {
    const row = await takeInvitationOfUser(trx, actor.userId, id);
    if (!row) throw notFound("Invitation not found or expired.");
    await join(trx, row);
    return row;
  });
  return { organizationId: invitation.organization_id };
}

/** Declines one of the signed-in person's invitations. */
export async function declineInvitation(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const row = await takeInvitationOfUser(trx, actor.userId, id);
    if (!row) throw notFound("Invitation not found or expired.");
    await writeAudit(trx, {
      organizationId: row.organization_id,
      userId: actor.userId,
      tableName: "invitations",
      recordId: id,
      operation: "INVITATION_DECLINED",
      oldData: { email: row.email, role: row.role },
    });
  });
}

/** A set-password link mailed with an invitation was followed: that invitation is accepted. */
export async function acceptInvitationsByLink(deps: AppDeps, userId: string, tokenHash: string): Promise<void> {
  const rows = await findInvitationsByTokenHash(deps.database.db, userId, tokenHash);
  for (const row of rows) {
    await deps.database.db.transaction().execute(async (trx) => {
      if (await takeInvitationOfUser(trx, userId, row.id)) await join(trx, row);
    });
  }
}

/** Deletes expired invitations, and the accounts they created that nobody took up. */
export async function sweepInvitations(deps: AppDeps): Promise<void> {
  await deps.database.db.transaction().execute(async (trx) => {
    const userIds = await deleteExpiredInvitations(trx);
    await deleteUnclaimedAccounts(trx, userIds);
  });
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sweeps now and then hourly, for the life of the process; failures are logged and retried next time. */
export function startInvitationSweeper(deps: AppDeps): () => void {
  const run = () => void sweepInvitations(deps).catch((error) => deps.log.warn("invitation sweep failed", { error: String(error) }));
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
