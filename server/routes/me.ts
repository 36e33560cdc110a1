import { Hono } from "hono";
import { changePasswordSchema, profileSchema } from "../../shared/account-schemas.js";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { requireSession } from "../http/session.js";
import { parseJson } from "../http/validate.js";
import { changeOwnPassword, sendEmailConfirmation, updateOwnProfile } from "../services/account.js";
import { acceptInvitation, declineInvitation, listMyInvitations } from "../services/invitations.js";
import { getMe } from "../services/me.js";

/** The signed-in user's own account: who am I, my name, my password. */
export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireSession);
  app.get("/", async (c) => c.json(await getMe(c.var.deps, c.var.actor, { ensureOrganization: true })));
  app.patch("/profile", async (c) => {
    const { name } = await parseJson(c, profileSchema);
    return c.json(await updateOwnProfile(c.var.deps, c.var.actor, name));
  });
  app.post("/password", rateLimit({ name: "change-password", max: 5, windowSeconds: 60 }, { perUser: true }), async (c) => {
    const input = await parseJson(c, changePasswordSchema);
    const headers = await changeOwnPassword(c.var.deps, c.var.actor, c.req.raw.headers, input);
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ ok: true });
  });
  // Mails a confirmation link (to /auth/callback) for the signed-in user's own address.
  app.post("/email-confirmation", rateLimit({ name: "email-confirmation", max: 3, windowSeconds: 300 }, { perUser: true }), async (c) => {
    await sendEmailConfirmation(c.var.deps, { id: c.var.actor.userId, email: c.var.actor.email });
    return c.json({ ok: true });
  });
  // Invitations waiting for the signed-in person: nobody joins an organization without accepting.
  app.get("/invitations", async (c) => c.json(await listMyInvitations(c.var.deps, c.var.actor)));
  app.post("/invitations/:invitationId/accept", async (c) =>
    c.json(await acceptInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"))),
  );
  app.post("/invitations/:invitationId/decline", async (c) => {
    await declineInvitation(c.var.deps, c.var.actor, c.req.param("invitationId"));
    return c.body(null, 204);
  });
  return app;
}
