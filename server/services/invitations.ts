import type { Invitation, InviteResult, MyInvitation } from "../../shared/member-types.js";
import { ROLE_LABELS } from "../../shared/permissions.js";
import { userDisplayName } from "../../shared/user-display.js";
import { can } from "../../shared/policy/can.js";
import type { AppDeps, Actor } from "../deps.js";
import { isUniqueViolation } from "../db/constraint-errors.js";
import { newId, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { Repositories } from "../db/repositories/index.js";
import type { InvitationRow } from "../db/repositories/invitations.js";
import type { Role } from "../db/schema.js";
import { conflict, notFound, rateLimited } from "../errors.js";
import { invitationLink, invitationsPageLink } from "../mail/links.js";
import { invitationMail, invitationToAccountMail } from "../mail/templates.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { issueToken, linkTokenHash } from "./account-tokens.js";
import { noticeInvitationAnswered, noticeInvited, noticeJoined } from "./notices.js";

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
  const { rateLimits } = deps.repos;
  const perPerson = { name: "invite-person", ...deps.config.inviteRateLimit };
  const perOrganization = { name: "invite-org", ...deps.config.inviteOrgRateLimit };
  const allowed =
    (await rateLimits.consume(`${perPerson.name}|user:${actor.userId}`, perPerson)) &&
    (await rateLimits.consume(`${perOrganization.name}|org:${actor.organizationId}`, perOrganization));
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
  const alreadyPending = () => conflict(`An invitation to ${input.email} is already pending`, "ALREADY_INVITED");
  const existing = await deps.repos.users.findByEmail(input.email);
  if (existing) {
    if (await deps.repos.members(actor.organizationId).membership(existing.id)) {
      throw conflict(`User ${input.email} is already a member of this organization`, "ALREADY_MEMBER");
    }
    if (await deps.repos.invitations.find(actor.organizationId, existing.id)) throw alreadyPending();
  }
  const expiresAt = new Date(Date.now() + INVITATION_SECONDS * 1000).toISOString();
  let invitation: InvitationRow;
  try {
    invitation = await deps.repos.transaction(async (repos) => {
      const userId = existing?.id ?? newId();
      if (existing) await repos.invitations.deleteExpired(actor.organizationId, userId);
      else
        await repos.users.insertWithoutPassword({ id: userId, email: input.email, name: input.name ?? userDisplayName(null, input.email) });
      const row = await repos.invitations.insert({
        organizationId: actor.organizationId,
        userId,
        email: input.email,
        role: input.role,
        invitedBy: actor.userId,
        expiresAt,
      });
      await repos.audit.write({
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
  deps.events.changed(actor.organizationId, actor.userId, "invitation.created", { ids: [invitation.id] });
  if (existing) noticeInvited(deps, actor.organizationId, existing.id, input.role);
  const emailSent = await mailInvitation(deps, actor, invitation);
  return { outcome: "invited", emailSent, invitation: presentInvitation(invitation, actor) };
}

/** Mails the invitation: with a set-password link to an account that has no password yet. */
async function mailInvitation(deps: AppDeps, actor: OrgActor, invitation: InvitationRow): Promise<boolean> {
  const { repos } = deps;
  const organization = await repos.organizations.find(actor.organizationId);
  const mail = {
    to: invitation.email,
    organizationName: organization?.name ?? "an organization",
    inviterName: (await repos.profiles.findName(actor.userId)) ?? "An administrator",
    role: ROLE_LABELS[invitation.role],
  };
  if (await repos.users.hasPassword(invitation.user_id)) {
    return (await deps.mailer.send(invitationToAccountMail({ ...mail, url: invitationsPageLink(deps.config.appUrl) }))).delivered;
  }
  const token = await issueToken(deps, "reset-password", invitation.user_id, INVITATION_SECONDS);
  await repos.invitations.setTokenHash(invitation.id, linkTokenHash(token));
  return (await deps.mailer.send(invitationMail({ ...mail, url: invitationLink(deps.config.appUrl, token) }))).delivered;
}

/** The organization's open invitations, a keyset page at a time (by e-mail). */
export async function listInvitations(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "members.view");
  const after = cursor === undefined ? undefined : (decodeKeyset(cursor, ["string", "string"]) as [string, string]);
  const rows = await deps.repos.invitations.pageOfOrganization(actor.organizationId, after, limit + 1);
  return toPage(
    rows,
    limit,
    (row) => presentInvitation(row, actor),
    (last) => [last.email, last.id],
  );
}

/** Withdraws an invitation; an account it created that nobody took up goes with it. */
export async function withdrawInvitation(deps: AppDeps, actor: OrgActor, id: string): Promise<void> {
  authorize(actor, "members.add");
  const withdrawn = await deps.repos.transaction(async (repos) => {
    const row = await repos.invitations.takeOfOrganization(actor.organizationId, id);
    if (!row) throw notFound("Invitation not found.");
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "invitations",
      recordId: id,
      operation: "INVITATION_WITHDRAWN",
      oldData: { email: row.email, role: row.role },
    });
    await repos.invitations.deleteUnclaimedAccounts([row.user_id]);
    return row;
  });
  deps.events.changed(actor.organizationId, actor.userId, "invitation.withdrawn", { ids: [withdrawn.id] });
}

/** The signed-in person's open invitations (at most 50, newest first). */
export async function listMyInvitations(deps: AppDeps, actor: Actor): Promise<{ items: MyInvitation[] }> {
  const rows = await deps.repos.invitations.listOfUser(actor.userId, 50);
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

/**
 * Makes the invitation's person a member, in the transaction that took the invitation. That transaction
 * first takes the person's lock (organizations.lockForUser), as another organization's password reset
 * or account deletion does (server/services/members.ts): joining ends those powers, so they never overlap.
 */
async function join(repos: Repositories, invitation: InvitationRow): Promise<void> {
  const members = repos.members(invitation.organization_id);
  if (!(await members.membership(invitation.user_id))) await members.insert(invitation.user_id, invitation.role);
  await repos.audit.write({
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
  const invitation = await deps.repos.transaction(async (repos) => {
    await repos.organizations.lockForUser(actor.userId);
    const row = await repos.invitations.takeOfUser(actor.userId, id);
    if (!row) throw notFound("Invitation not found or expired.");
    await join(repos, row);
    return row;
  });
  await joined(deps, invitation);
  return { organizationId: invitation.organization_id };
}

/** Declines one of the signed-in person's invitations. */
export async function declineInvitation(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const declined = await deps.repos.transaction(async (repos) => {
    const row = await repos.invitations.takeOfUser(actor.userId, id);
    if (!row) throw notFound("Invitation not found or expired.");
    await repos.audit.write({
      organizationId: row.organization_id,
      userId: actor.userId,
      tableName: "invitations",
      recordId: id,
      operation: "INVITATION_DECLINED",
      oldData: { email: row.email, role: row.role },
    });
    return row;
  });
  deps.events.changed(declined.organization_id, actor.userId, "invitation.declined", { ids: [declined.id] });
  await noticeInvitationAnswered(deps, declined.organization_id, actor.userId);
}

/** After the commit that made the invitation's person a member. */
async function joined(deps: AppDeps, invitation: InvitationRow): Promise<void> {
  deps.events.changed(invitation.organization_id, invitation.user_id, "member.added", { ids: [invitation.user_id] });
  await noticeInvitationAnswered(deps, invitation.organization_id, invitation.user_id);
  noticeJoined(deps, invitation.organization_id, invitation.user_id, invitation.email);
}

/** A set-password link mailed with an invitation was followed: that invitation is accepted. */
export async function acceptInvitationsByLink(deps: AppDeps, userId: string, tokenHash: string): Promise<void> {
  const rows = await deps.repos.invitations.findByTokenHash(userId, tokenHash);
  for (const row of rows) {
    const took = await deps.repos.transaction(async (repos) => {
      await repos.organizations.lockForUser(userId);
      if (!(await repos.invitations.takeOfUser(userId, row.id))) return false;
      await join(repos, row);
      return true;
    });
    if (took) await joined(deps, row);
  }
}

/** Deletes expired invitations, and the accounts they created that nobody took up. */
export async function sweepInvitations(deps: AppDeps): Promise<void> {
  await deps.repos.transaction(async (repos) => {
    await repos.invitations.deleteUnclaimedAccounts(await repos.invitations.deleteAllExpired());
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
