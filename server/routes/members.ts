import { Hono } from "hono";
import { z } from "zod";
import { addMemberSchema, updateMemberSchema, userSearchSchema } from "../../shared/organization-schemas.js";
import { badRequest } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { rateLimit } from "../http/rate-limit.js";
import { parseJson } from "../http/validate.js";
import { inviteMember, listInvitations, withdrawInvitation } from "../services/invitations.js";
import {
  deleteMemberAccount,
  listOrganizationMembers,
  removeOrganizationMember,
  resetMemberPassword,
  sendMemberResetEmail,
  updateOrganizationMember,
} from "../services/members.js";
import { searchUsersToAdd } from "../services/user-search.js";

const listQuery = z.object({
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** Organization users (mounted under /api/orgs/:orgId after requireOrgMember). */
export function memberRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/members", async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "Invalid query.");
    return c.json(await listOrganizationMembers(c.var.deps, c.var.orgActor, query.data.cursor, query.data.limit));
  });
  app.post("/members", async (c) => {
    const input = await parseJson(c, addMemberSchema);
    return c.json(await inviteMember(c.var.deps, c.var.orgActor, input), 201);
  });
  app.get("/invitations", async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "Invalid query.");
    return c.json(await listInvitations(c.var.deps, c.var.orgActor, query.data.cursor, query.data.limit));
  });
  app.delete("/invitations/:invitationId", async (c) => {
    await withdrawInvitation(c.var.deps, c.var.orgActor, c.req.param("invitationId"));
    return c.body(null, 204);
  });
  app.patch("/members/:userId", async (c) => {
    const input = await parseJson(c, updateMemberSchema);
    return c.json(await updateOrganizationMember(c.var.deps, c.var.orgActor, c.req.param("userId"), input));
  });
  app.delete("/members/:userId", async (c) => {
    await removeOrganizationMember(c.var.deps, c.var.orgActor, c.req.param("userId"));
    return c.body(null, 204);
  });
  app.delete("/members/:userId/account", async (c) => {
    await deleteMemberAccount(c.var.deps, c.var.orgActor, c.req.param("userId"));
    return c.body(null, 204);
  });
  app.post(
    "/members/:userId/reset-password",
    rateLimit({ name: "admin-reset-password", max: 10, windowSeconds: 60 }, { perUser: true }),
    async (c) => c.json(await resetMemberPassword(c.var.deps, c.var.orgActor, c.req.param("userId"))),
  );
  app.post(
    "/members/:userId/password-reset-email",
    rateLimit({ name: "member-reset-email", max: 10, windowSeconds: 3600 }, { perUser: true }),
    async (c) => {
      await sendMemberResetEmail(c.var.deps, c.var.orgActor, c.req.param("userId"));
      return c.json({ ok: true });
    },
  );
  app.get("/users/search", rateLimit({ name: "user-search", max: 30, windowSeconds: 60 }, { perUser: true }), async (c) => {
    const query = userSearchSchema.safeParse(c.req.query());
    if (!query.success) throw badRequest(query.error.issues[0]?.message ?? "Invalid query.");
    return c.json({ users: await searchUsersToAdd(c.var.deps, c.var.orgActor, query.data.q) });
  });
  return app;
}
