import type { Member } from "../../shared/member-types.js";
import { memberAbilities } from "../../shared/policy/member-abilities.js";
import { userDisplayName } from "../../shared/user-display.js";
import { SESSION_SECONDS } from "../auth/auth.js";
import { generateTemporaryPassword } from "../auth/temporary-password.js";
import type { AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { MemberRow } from "../db/repositories/members.js";
import type { Repositories } from "../db/repositories/index.js";
import type { Role } from "../db/schema.js";
import { AppError, forbidden, notFound } from "../errors.js";
import { type MemberTarget, type OrgActor, authorize } from "../policies/authorize.js";
import { mailPasswordReset } from "./password-reset.js";
import { noticePasswordChanged, noticeRemoved, noticeRoleChanged } from "./notices.js";
import { hasSecondFactor } from "./second-factor.js";

const targetOf = (row: MemberRow, shared: Set<string>): MemberTarget => ({
  userId: row.user_id,
  role: row.role,
  isOwner: row.owner_id === row.user_id,
  managed: !shared.has(row.user_id),
});

/** The spec's organization-user view; `id` is the user's id. `abilities` says what the caller may do to them. */
export function presentMember(row: MemberRow, actor: OrgActor, shared: Set<string>): Member {
  return {
    id: row.user_id,
    email: row.email,
    name: userDisplayName(row.name, row.email),
    role: row.role,
    created_at: toIso(row.created_at),
    isOwner: row.owner_id === row.user_id,
    twoFactor: hasSecondFactor(row),
    abilities: memberAbilities(actor, targetOf(row, shared)),
  };
}

export async function listOrganizationMembers(deps: AppDeps, actor: OrgActor, cursor: string | undefined, limit: number) {
  authorize(actor, "members.view");
  const members = deps.repos.members(actor.organizationId);
  const after = cursor ? (decodeKeyset(cursor, ["string"])[0] as string) : undefined;
  const rows = await members.page(after, limit + 1);
  const shared = await members.sharedWithOtherOrganizations(rows.slice(0, limit).map((r) => r.user_id));
  return toPage(
    rows,
    limit,
    (row) => presentMember(row, actor, shared),
    (last) => [last.email],
  );
}

/** Loads the target member for a record rule, with whether this organization manages the account; 404 when not a member. */
async function loadTarget(repos: Repositories, actor: OrgActor, userId: string): Promise<{ row: MemberRow; target: MemberTarget }> {
  const members = repos.members(actor.organizationId);
  const row = await members.find(userId);
  if (!row) throw notFound("User not found in this organization.");
  return { row, target: targetOf(row, await members.sharedWithOtherOrganizations([userId])) };
}

/** Changes a member's name (accounts this organization manages only) and/or role, under the record rules. */
export async function updateOrganizationMember(
  deps: AppDeps,
  actor: OrgActor,
  userId: string,
  input: { name?: string | undefined; role?: Role | undefined },
): Promise<Member> {
  const { row, target } = await loadTarget(deps.repos, actor, userId);
  const changesRole = input.role !== undefined && input.role !== row.role;
  if (input.name !== undefined) authorize(actor, "members.edit", target);
  if (changesRole) authorize(actor, "members.role", target);
  await deps.repos.transaction(async (repos) => {
    if (input.name !== undefined) await repos.profiles.setName(userId, input.name);
    if (changesRole) {
      await repos.members(actor.organizationId).setRole(userId, input.role!);
      await repos.audit.write({
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "memberships",
        recordId: userId,
        operation: "ROLE_CHANGED",
        oldData: { role: row.role },
        newData: { role: input.role },
      });
    }
  });
  if (changesRole) {
    deps.events.changed(actor.organizationId, actor.userId, "member.role_changed", { ids: [userId] });
    noticeRoleChanged(deps, actor.organizationId, userId, input.role!);
  } else if (input.name !== undefined) deps.events.changed(actor.organizationId, actor.userId, "member.updated", { ids: [userId] });
  const updated = await loadTarget(deps.repos, actor, userId);
  return presentMember(updated.row, actor, new Set(updated.target.managed ? [] : [userId]));
}

/** Takes a member out of this organization; their access to it ends with the next request. */
export async function removeOrganizationMember(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps.repos, actor, userId);
  authorize(actor, "members.remove", target);
  await deps.repos.transaction(async (repos) => {
    await repos.members(actor.organizationId).remove(userId);
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "memberships",
      recordId: userId,
      operation: "MEMBER_REMOVED",
      oldData: { email: row.email, role: row.role },
    });
  });
  deps.events.changed(actor.organizationId, actor.userId, "member.removed", { ids: [userId] });
  deps.events.recheck(userId);
  noticeRemoved(deps, actor.organizationId, userId);
}

/**
 * Re-checked inside the transaction that uses an account power: the person may have joined another
 * organization meanwhile. First in that transaction, the person's lock: an acceptance in flight
 * (server/services/invitations.ts) is waited for and seen, or waits.
 */
async function assertStillManaged(repos: Repositories, actor: OrgActor, userId: string): Promise<void> {
  await repos.organizations.lockForUser(userId);
  if ((await repos.members(actor.organizationId).sharedWithOtherOrganizations([userId])).size > 0) {
    throw forbidden("This person now also belongs to another organization. Remove them from this organization instead.");
  }
}

/** Deletes a member's whole account (sessions, credentials, memberships and links go with it): managed accounts only. */
export async function deleteMemberAccount(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps.repos, actor, userId);
  authorize(actor, "members.deleteAccount", target);
  await deps.repos.transaction(async (repos) => {
    await assertStillManaged(repos, actor, userId);
    if (await repos.organizations.ownsAny(userId)) throw forbidden("Cannot delete organization owner");
    await repos.tokens.revoke([userId]);
    // App passwords go with the account (foreign key), like its sessions.
    await repos.users.delete(userId);
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "users",
      recordId: userId,
      operation: "ACCOUNT_DELETED",
      oldData: { email: row.email, name: row.name, role: row.role },
    });
  });
  deps.events.changed(actor.organizationId, actor.userId, "member.removed", { ids: [userId] });
  deps.events.recheck(userId);
}

/**
 * Gives a managed member a new temporary password (shown once to the admin), ends their sessions,
 * revokes every outstanding link of the account, turns its two-factor off and removes its passkeys.
 */
export async function resetMemberPassword(deps: AppDeps, actor: OrgActor, userId: string): Promise<{ temporaryPassword: string }> {
  const { target } = await loadTarget(deps.repos, actor, userId);
  authorize(actor, "members.resetPassword", target);
  const temporaryPassword = generateTemporaryPassword();
  const hash = await (await deps.auth.$context).password.hash(temporaryPassword);
  await deps.repos.transaction(async (repos) => {
    await assertStillManaged(repos, actor, userId);
    if (!(await repos.users.setPasswordHash(userId, hash))) throw new AppError(409, "NO_PASSWORD", "This user has no password to reset.");
    // The browsers signed out here can be told why (GET /api/session-end), for as long as a session lives.
    await repos.users.recordEndedSessions(userId, "admin_reset", new Date(Date.now() - SESSION_SECONDS * 1000));
    await repos.users.endSessions(userId);
    await repos.tokens.revoke([userId]);
    await repos.users.requirePasswordChange(userId);
    await repos.appPasswords.revokeAll([userId]);
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "accounts",
      recordId: userId,
      operation: "PASSWORD_RESET_BY_ADMIN",
    });
    // The person may have lost the phone too: the temporary password alone lets them in (ADR 022).
    if (await repos.users.clearTwoFactor(userId)) {
      await repos.audit.write({
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "users",
        recordId: userId,
        operation: "TWO_FACTOR_CLEARED_BY_ADMIN",
      });
    }
    // A passkey signs in by itself: one on a lost or stolen device would outlive the reset.
    if ((await repos.passkeys.deleteAll(userId)) > 0) {
      await repos.audit.write({
        organizationId: actor.organizationId,
        userId: actor.userId,
        tableName: "users",
        recordId: userId,
        operation: "PASSKEYS_REMOVED_BY_ADMIN",
      });
    }
  });
  deps.events.recheck(userId);
  noticePasswordChanged(deps, userId, "reset-by-admin");
  return { temporaryPassword };
}

/** Mails the member the ordinary reset link: it reaches the person, never the admin. */
export async function sendMemberResetEmail(deps: AppDeps, actor: OrgActor, userId: string): Promise<void> {
  const { row, target } = await loadTarget(deps.repos, actor, userId);
  authorize(actor, "members.sendResetEmail", target);
  await deps.repos.audit.write({
    organizationId: actor.organizationId,
    userId: actor.userId,
    tableName: "users",
    recordId: userId,
    operation: "PASSWORD_RESET_EMAIL_SENT",
  });
  void mailPasswordReset(deps, { id: userId, email: row.email }).catch((error) =>
    deps.log.error("password reset mail failed", { error: String(error) }),
  );
}
