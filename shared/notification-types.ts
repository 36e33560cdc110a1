// Wire types of the notification endpoints (/api/me/notifications...), read by the bell and Settings.
import { z } from "zod";

export type NotificationKind = "security" | "import" | "new_user";

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where the bell takes the person (an in-app path), if anywhere. */
  link: string | null;
  organization_id: string | null;
  created_at: string;
  read: boolean;
}

/** The in-app toggles of Settings > Notifications; Security Alerts are always on and not listed. */
export interface NotificationSettings {
  new_users: boolean;
  import_completion: boolean;
  system_updates: boolean;
  /** Mail when the account is signed in to from a device not seen before (needs email_available). */
  new_device_sign_in: boolean;
  /** Whether the server can send e-mail (SMTP_URL set): then Security Alerts are mailed too. */
  email_available: boolean;
}

export const notificationSettingsSchema = z.object({
  new_users: z.boolean().optional(),
  import_completion: z.boolean().optional(),
  system_updates: z.boolean().optional(),
  new_device_sign_in: z.boolean().optional(),
});

export const DEFAULT_NOTIFICATION_SETTINGS = {
  new_users: true,
  import_completion: true,
  system_updates: false,
  new_device_sign_in: true,
} as const;
