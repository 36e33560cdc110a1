import { ROLE_LABELS } from "../../shared/permissions.js";
import { userDisplayName } from "../../shared/user-display.js";
import type { AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import type { Role } from "../db/schema.js";
import { notifyLater, notify } from "./notifications.js";

// The notifications the product raises, worded once. Each is called after the write it reports.

const organizationName = async (deps: AppDeps, organizationId: string) =>
  (await deps.repos.organizations.find(organizationId))?.name ?? "an organization";

/** Runs a notice in the background: the request answers at once, a failure is logged by notify(). */
const later = (work: () => Promise<void>) => void work().catch(() => undefined);

export function noticePasswordChanged(deps: AppDeps, userId: string, how: "changed" | "reset" | "reset-by-admin"): void {
  const body = {
    changed: "The password of your account was changed. If this was not you, reset your password now.",
    reset: "Your password was reset with a link sent to your e-mail. If this was not you, contact your administrator.",
    "reset-by-admin": "An administrator gave your account a temporary password. Sign in with it and choose a new one.",
  }[how];
  notifyLater(deps, [userId], {
    kind: "security",
    title: how === "changed" ? "Your password was changed" : "Your password was reset",
    body,
  });
}

export function noticeRoleChanged(deps: AppDeps, organizationId: string, userId: string, role: Role): void {
  later(async () =>
    notify(deps, [userId], {
      kind: "security",
      title: "Your role changed",
      body: `You are now ${ROLE_LABELS[role]} in ${await organizationName(deps, organizationId)}.`,
      organizationId,
    }),
  );
}

export function noticeRemoved(deps: AppDeps, organizationId: string, userId: string, organization?: string): void {
  later(async () =>
    notify(deps, [userId], {
      kind: "security",
      title: "You were removed from an organization",
      body: `You no longer have access to ${organization ?? (await organizationName(deps, organizationId))}.`,
      organizationId,
    }),
  );
}

export function noticeInvited(deps: AppDeps, organizationId: string, userId: string, role: Role): void {
  later(async () =>
    notify(deps, [userId], {
      kind: "security",
      title: "An invitation is waiting",
      body: `You are invited to join ${await organizationName(deps, organizationId)} as ${ROLE_LABELS[role]}.`,
      link: "/invitations",
      organizationId,
      // The invitation mail itself is the e-mail of this one.
      mail: false,
    }),
  );
}

/** Someone joined: they are told (Security Alert), the organization's admins are told (New User Registrations). */
export function noticeJoined(deps: AppDeps, organizationId: string, userId: string, email: string): void {
  later(async () => {
    const organization = await organizationName(deps, organizationId);
    await notify(deps, [userId], {
      kind: "security",
      title: "You were added to an organization",
      body: `You are now a member of ${organization}.`,
      organizationId,
      // They accepted it themselves just now: on record (and mailed), but nothing to point at.
      read: true,
      mail: false,
    });
    const name = userDisplayName(await deps.repos.profiles.findName(userId), email);
    const admins = (await deps.repos.members(organizationId).adminIds()).filter((id) => id !== userId);
    await notify(deps, admins, {
      kind: "new_user",
      title: "New user joined",
      body: `${name} (${email}) joined ${organization}.`,
      link: "/admin/users",
      organizationId,
    });
  });
}

/** An invitation was answered: its 'invitation waiting' notice has done its job (before the answer, so the bell agrees). */
export async function noticeInvitationAnswered(deps: AppDeps, organizationId: string, userId: string): Promise<void> {
  await deps.repos.notifications
    .markReadAbout(userId, organizationId, "/invitations", nowIso())
    .catch((error: unknown) => deps.log.warn("notification not updated", { error: String(error) }));
}

export function noticeImportFinished(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  fileName: string,
  tally: { imported: number; merged: number; skipped: number; failed: number },
): void {
  notifyLater(deps, [userId], {
    kind: "import",
    title: "Import finished",
    body: `${fileName}: ${tally.imported} imported, ${tally.merged} merged, ${tally.skipped} skipped, ${tally.failed} failed.`,
    link: "/import",
    organizationId,
  });
}
