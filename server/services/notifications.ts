import {
  type AppNotification,
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationKind,
  type NotificationSettings,
} from "../../shared/notification-types.js";
import type { Actor, AppDeps } from "../deps.js";
import { newId, nowIso, toIso } from "../db/ids.js";
import { decodeKeyset, toPage } from "../db/paging.js";
import type { NotificationRow, NotificationSettingsRow } from "../db/repositories/notifications.js";
import { notFound } from "../errors.js";
import { securityAlertMail } from "../mail/templates.js";

export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
  organizationId?: string | null;
  /** Stored as already read: kept in the history (and mailed), without a red dot. */
  read?: boolean;
  /** False for a Security Alert that has its own mail already (an invitation) or needs none. */
  mail?: boolean;
}

const present = (row: NotificationRow): AppNotification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  organization_id: row.organization_id,
  created_at: toIso(row.created_at)!,
  read: row.read_at !== null,
});

const settingsOf = (row: NotificationSettingsRow | undefined) =>
  row
    ? {
        new_users: Boolean(row.new_users),
        import_completion: Boolean(row.import_completion),
        system_updates: Boolean(row.system_updates),
        new_device_sign_in: Boolean(row.new_device_sign_in),
      }
    : { ...DEFAULT_NOTIFICATION_SETTINGS };

/** Whether a person's settings let a notice of this kind through (Security Alerts always do). */
function wanted(kind: NotificationKind, settings: ReturnType<typeof settingsOf>): boolean {
  if (kind === "import") return settings.import_completion;
  if (kind === "new_user") return settings.new_users;
  return true;
}

/**
 * Raises a notification for each of `userIds` that wants it: stored (the bell reads it), sent live to
 * their open streams, and for Security Alerts mailed too when the server can send mail. Called after
 * the write it reports committed; a failure here is logged, never undoes or fails that write.
 */
export async function notify(deps: AppDeps, userIds: string[], input: NotificationInput): Promise<void> {
  try {
    const recipients = [...new Set(userIds)];
    if (recipients.length === 0) return;
    const stored = new Map((await deps.repos.notifications.settingsOf(recipients)).map((s) => [s.user_id, settingsOf(s)]));
    const now = nowIso();
    const rows = recipients
      .filter((id) => wanted(input.kind, stored.get(id) ?? settingsOf(undefined)))
      .map((userId) => ({
        id: newId(),
        user_id: userId,
        organization_id: input.organizationId ?? null,
        kind: input.kind,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        created_at: now,
        read_at: input.read ? now : null,
      }));
    await deps.repos.notifications.insert(rows);
    for (const row of rows) deps.events.toUser(row.user_id, "notification.created", { ids: [row.id] });
    if (input.kind === "security" && input.mail !== false && deps.config.smtpUrl) {
      for (const row of rows) {
        const email = await deps.repos.users.emailOf(row.user_id);
        if (email) await deps.mailer.send(securityAlertMail(email, input.title, input.body, deps.config.appUrl));
      }
    }
  } catch (error) {
    deps.log.warn("notification not raised", { kind: input.kind, error: String(error) });
  }
}

/** Raises it without waiting (the request that caused it answers at once). */
export function notifyLater(deps: AppDeps, userIds: string[], input: NotificationInput): void {
  void notify(deps, userIds, input);
}

export async function listNotifications(deps: AppDeps, actor: Actor, cursor: string | undefined, limit: number) {
  const after = cursor ? (decodeKeyset(cursor, ["string"])[0] as string) : undefined;
  const rows = await deps.repos.notifications.page(actor.userId, after, limit + 1);
  return toPage(rows, limit, present, (last) => [last.id]);
}

export async function unreadNotificationCount(deps: AppDeps, actor: Actor) {
  return { unread: await deps.repos.notifications.unreadCount(actor.userId) };
}

export async function markNotificationRead(deps: AppDeps, actor: Actor, id: string) {
  if (!(await deps.repos.notifications.markRead(actor.userId, id, nowIso()))) throw notFound("Notification not found.");
  return unreadNotificationCount(deps, actor);
}

export async function markAllNotificationsRead(deps: AppDeps, actor: Actor) {
  await deps.repos.notifications.markAllRead(actor.userId, nowIso());
  return { unread: 0 };
}

export async function getNotificationSettings(deps: AppDeps, actor: Actor): Promise<NotificationSettings> {
  return { ...settingsOf(await deps.repos.notifications.settings(actor.userId)), email_available: Boolean(deps.config.smtpUrl) };
}

export async function updateNotificationSettings(
  deps: AppDeps,
  actor: Actor,
  input: Partial<Record<keyof typeof DEFAULT_NOTIFICATION_SETTINGS, boolean | undefined>>,
): Promise<NotificationSettings> {
  const current = settingsOf(await deps.repos.notifications.settings(actor.userId));
  const next = {
    new_users: input.new_users ?? current.new_users,
    import_completion: input.import_completion ?? current.import_completion,
    system_updates: input.system_updates ?? current.system_updates,
    new_device_sign_in: input.new_device_sign_in ?? current.new_device_sign_in,
  };
  await deps.repos.notifications.saveSettings({ user_id: actor.userId, ...next, updated_at: nowIso() });
  return { ...next, email_available: Boolean(deps.config.smtpUrl) };
}
