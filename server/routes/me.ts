import { Hono } from "hono";
import { changePasswordSchema, profileSchema } from "../../shared/account-schemas.js";
import { notificationSettingsSchema } from "../../shared/notification-types.js";
import { pageQuerySchema } from "../../shared/paging.js";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { requireSession } from "../http/session.js";
import { jsonBody, queryParams } from "../http/validate.js";
import { changeOwnPassword, sendEmailConfirmation, updateOwnProfile } from "../services/account.js";
import { appPasswordCreateSchema } from "../../shared/app-password-schemas.js";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "../services/app-passwords.js";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../services/invitations.js";
import { getMe } from "../services/me.js";
import {
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
  updateNotificationSettings,
} from "../services/notifications.js";

/** The signed-in user's own account: who am I, my name, my password, my invitations. */
export const meRoutes = new Hono<AppEnv>()
  .use("*", requireSession)
  .get("/", async (c) => c.json(await getMe(c.var.deps, c.var.actor, { ensureOrganization: true })))
  .patch("/profile", jsonBody(profileSchema), async (c) =>
    c.json(await updateOwnProfile(c.var.deps, c.var.actor, c.req.valid("json").name)),
  )
  .post(
    "/password",
    rateLimit({ name: "change-password", max: 5, windowSeconds: 60 }, { perUser: true }),
    jsonBody(changePasswordSchema),
    async (c) => {
      const headers = await changeOwnPassword(c.var.deps, c.var.actor, c.req.raw.headers, c.req.valid("json"));
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ ok: true as const });
    },
  )
  // Mails a confirmation link (to /auth/callback) for the signed-in user's own address.
  .post("/email-confirmation", rateLimit({ name: "email-confirmation", max: 3, windowSeconds: 300 }, { perUser: true }), async (c) => {
    await sendEmailConfirmation(c.var.deps, { id: c.var.actor.userId, email: c.var.actor.email });
    return c.json({ ok: true as const });
  })
  // Invitations waiting for the signed-in person: nobody joins an organization without accepting.
  .get("/invitations", async (c) => c.json(await listMyInvitations(c.var.deps, c.var.actor)))
  .post("/invitations/:invitationId/accept", async (c) =>
    c.json(await acceptInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"))),
  )
  // The bell: the person's notifications, newest first, and how many are unread.
  .get("/notifications", queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listNotifications(c.var.deps, c.var.actor, cursor, limit));
  })
  .get("/notifications/unread-count", async (c) => c.json(await unreadNotificationCount(c.var.deps, c.var.actor)))
  .post("/notifications/read-all", async (c) => c.json(await markAllNotificationsRead(c.var.deps, c.var.actor)))
  .post("/notifications/:id/read", async (c) => c.json(await markNotificationRead(c.var.deps, c.var.actor, c.req.param("id"))))
  .get("/notification-settings", async (c) => c.json(await getNotificationSettings(c.var.deps, c.var.actor)))
  .patch("/notification-settings", jsonBody(notificationSettingsSchema), async (c) =>
    c.json(await updateNotificationSettings(c.var.deps, c.var.actor, c.req.valid("json"))),
  )
  .post("/invitations/:invitationId/decline", async (c) => {
    await declineInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"));
    return c.body(null, 204);
  })
  // App passwords for CardDAV clients (Settings > Security): the secret is in the creation's answer only.
  .get("/app-passwords", async (c) => c.json({ appPasswords: await listAppPasswords(c.var.deps, c.var.actor) }))
  .post(
    "/app-passwords",
    rateLimit({ name: "app-password-create", max: 10, windowSeconds: 60 }, { perUser: true }),
    jsonBody(appPasswordCreateSchema),
    async (c) => c.json(await createAppPassword(c.var.deps, c.var.actor, c.req.valid("json").name), 201),
  )
  .delete("/app-passwords/:appPasswordId", async (c) => {
    await revokeAppPassword(c.var.deps, c.var.actor, c.req.param("appPasswordId"));
    return c.body(null, 204);
  });
