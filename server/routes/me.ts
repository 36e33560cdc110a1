import { Hono } from "hono";
import { changePasswordSchema, profileSchema } from "../../shared/account-schemas.js";
import { notificationSettingsSchema } from "../../shared/notification-types.js";
import { pageQuerySchema } from "../../shared/page-schema.js";
import type { AppEnv } from "../http/env.js";
import { meOps } from "./openapi-operations.js";
import { rateLimit } from "../http/rate-limit.js";
import { requireSession } from "../http/session.js";
import { jsonBody, queryParams } from "../http/validate.js";
import { changeOwnPassword, sendEmailConfirmation, updateOwnProfile } from "../services/account.js";
import { appPasswordCreateSchema } from "../../shared/app-password-schemas.js";
import { createAppPassword, listAppPasswords, revokeAppPassword } from "../services/app-passwords.js";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../services/invitations.js";
import { finishWelcome, getMe } from "../services/me.js";
import { listSessions, revokeOtherSessions, revokeSession } from "../services/sessions.js";
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorPasswordSchema } from "../../shared/two-factor-schemas.js";
import { passkeyRenameSchema } from "../../shared/passkey-schemas.js";
import { listPasskeys, removePasskey, renamePasskey } from "../services/passkeys.js";
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, startTwoFactor } from "../services/two-factor.js";
import {
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
  updateNotificationSettings,
} from "../services/notifications.js";

const TWO_FACTOR_LIMIT = rateLimit({ name: "two-factor", max: 10, windowSeconds: 60 }, { perUser: true });

/** The signed-in user's own account: who am I, my name, my password, my invitations. */
export const meRoutes = new Hono<AppEnv>()
  .use("*", requireSession)
  .get("/", meOps.get, async (c) => c.json(await getMe(c.var.deps, c.var.actor, { ensureOrganization: true })))
  .patch("/profile", meOps.profile, jsonBody(profileSchema), async (c) =>
    c.json(await updateOwnProfile(c.var.deps, c.var.actor, c.req.valid("json").name)),
  )
  .post(
    "/password",
    meOps.password,
    rateLimit({ name: "change-password", max: 5, windowSeconds: 60 }, { perUser: true }),
    jsonBody(changePasswordSchema),
    async (c) => {
      const headers = await changeOwnPassword(c.var.deps, c.var.actor, c.req.raw.headers, c.req.valid("json"));
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ ok: true as const });
    },
  )
  // The first administrator's welcome (their name, the organization's) was answered or skipped.
  .post("/welcome/done", meOps.welcomeDone, async (c) => c.json(await finishWelcome(c.var.deps, c.var.actor)))
  // Mails a confirmation link (to /auth/callback) for the signed-in user's own address.
  .post(
    "/email-confirmation",
    meOps.emailConfirmation,
    rateLimit({ name: "email-confirmation", max: 3, windowSeconds: 300 }, { perUser: true }),
    async (c) => {
      await sendEmailConfirmation(c.var.deps, { id: c.var.actor.userId, email: c.var.actor.email });
      return c.json({ ok: true as const });
    },
  )
  // Invitations waiting for the signed-in person: nobody joins an organization without accepting.
  .get("/invitations", meOps.invitations, async (c) => c.json(await listMyInvitations(c.var.deps, c.var.actor)))
  .post("/invitations/:invitationId/accept", meOps.accept, async (c) =>
    c.json(await acceptInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"))),
  )
  // The bell: the person's notifications, newest first, and how many are unread.
  .get("/notifications", meOps.notifications, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listNotifications(c.var.deps, c.var.actor, cursor, limit));
  })
  .get("/notifications/unread-count", meOps.unreadCount, async (c) => c.json(await unreadNotificationCount(c.var.deps, c.var.actor)))
  .post("/notifications/read-all", meOps.readAll, async (c) => c.json(await markAllNotificationsRead(c.var.deps, c.var.actor)))
  .post("/notifications/:id/read", meOps.read, async (c) => c.json(await markNotificationRead(c.var.deps, c.var.actor, c.req.param("id"))))
  .get("/notification-settings", meOps.notificationSettings, async (c) => c.json(await getNotificationSettings(c.var.deps, c.var.actor)))
  .patch("/notification-settings", meOps.updateNotificationSettings, jsonBody(notificationSettingsSchema), async (c) =>
    c.json(await updateNotificationSettings(c.var.deps, c.var.actor, c.req.valid("json"))),
  )
  .post("/invitations/:invitationId/decline", meOps.decline, async (c) => {
    await declineInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"));
    return c.body(null, 204);
  })
  // App passwords for CardDAV clients (Settings > Security): the secret is in the creation's answer only.
  .get("/app-passwords", meOps.appPasswords, async (c) => c.json({ appPasswords: await listAppPasswords(c.var.deps, c.var.actor) }))
  .post(
    "/app-passwords",
    meOps.createAppPassword,
    rateLimit({ name: "app-password-create", max: 10, windowSeconds: 60 }, { perUser: true }),
    jsonBody(appPasswordCreateSchema),
    async (c) => c.json(await createAppPassword(c.var.deps, c.var.actor, c.req.valid("json").name), 201),
  )
  .delete("/app-passwords/:appPasswordId", meOps.revokeAppPassword, async (c) => {
    await revokeAppPassword(c.var.deps, c.var.actor, c.req.param("appPasswordId"));
    return c.body(null, 204);
  })
  // Where the person is signed in (Settings > Security): their own sessions only; another's id is 404.
  .get("/sessions", meOps.sessions, async (c) => c.json(await listSessions(c.var.deps, c.var.actor)))
  .post("/sessions/revoke-others", meOps.revokeOthers, async (c) => c.json(await revokeOtherSessions(c.var.deps, c.var.actor)))
  .delete("/sessions/:sessionId", meOps.revokeSession, async (c) => {
    await revokeSession(c.var.deps, c.var.actor, c.req.param("sessionId"));
    return c.body(null, 204);
  })
  // Two-factor (Settings > Security, ADR 022). One budget for all four: each checks a password or a code.
  .post("/two-factor/enable", meOps.twoFactorEnable, TWO_FACTOR_LIMIT, jsonBody(twoFactorPasswordSchema), async (c) =>
    c.json(await startTwoFactor(c.var.deps, c.req.raw.headers, c.req.valid("json").password)),
  )
  .post("/two-factor/confirm", meOps.twoFactorConfirm, TWO_FACTOR_LIMIT, jsonBody(twoFactorConfirmSchema), async (c) => {
    const { headers, answer } = await confirmTwoFactor(c.var.deps, c.var.actor, c.req.raw.headers, c.req.valid("json").code);
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json(answer);
  })
  .post("/two-factor/disable", meOps.twoFactorDisable, TWO_FACTOR_LIMIT, jsonBody(twoFactorDisableSchema), async (c) => {
    const { headers, answer } = await disableTwoFactor(c.var.deps, c.var.actor, c.req.raw.headers, c.req.valid("json"));
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json(answer);
  })
  .post("/two-factor/recovery-codes", meOps.recoveryCodes, TWO_FACTOR_LIMIT, jsonBody(twoFactorPasswordSchema), async (c) =>
    c.json(await regenerateRecoveryCodes(c.var.deps, c.req.raw.headers, c.req.valid("json").password)),
  )
  // Passkeys (Settings > Security, ADR 022): adding one is the plugin's ceremony behind /api/auth.
  .get("/passkeys", meOps.passkeys, async (c) => c.json(await listPasskeys(c.var.deps, c.var.actor)))
  .patch("/passkeys/:passkeyId", meOps.renamePasskey, jsonBody(passkeyRenameSchema), async (c) =>
    c.json(await renamePasskey(c.var.deps, c.var.actor, c.req.param("passkeyId"), c.req.valid("json").name)),
  )
  .delete("/passkeys/:passkeyId", meOps.removePasskey, async (c) => {
    await removePasskey(c.var.deps, c.var.actor, c.req.param("passkeyId"));
    return c.body(null, 204);
  });
