import { Hono } from "hono";
import { addMemberSchema, updateMemberSchema, userSearchSchema } from "../../shared/organization-schemas.js";
import { pageQuerySchema } from "../../shared/page-schema.js";
import type { AppEnv } from "../http/env.js";
import { memberOps } from "./openapi-operations.js";
import { rateLimit } from "../http/rate-limit.js";
import { jsonBody, queryParams } from "../http/validate.js";
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

/** Organization users and invitations (mounted under /api/orgs/:orgId after requireOrgMember). */
export const memberRoutes = new Hono<AppEnv>()
  .get("/members", memberOps.list, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listOrganizationMembers(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .post("/members", memberOps.invite, jsonBody(addMemberSchema), async (c) =>
    c.json(await inviteMember(c.var.deps, c.var.orgActor, c.req.valid("json")), 201),
  )
  .get("/invitations", memberOps.invitations, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listInvitations(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .delete("/invitations/:invitationId", memberOps.withdraw, async (c) => {
    await withdrawInvitation(c.var.deps, c.var.orgActor, c.req.param("invitationId"));
    return c.body(null, 204);
  })
  .patch("/members/:userId", memberOps.update, jsonBody(updateMemberSchema), async (c) =>
    c.json(await updateOrganizationMember(c.var.deps, c.var.orgActor, c.req.param("userId"), c.req.valid("json"))),
  )
  .delete("/members/:userId", memberOps.remove, async (c) => {
    await removeOrganizationMember(c.var.deps, c.var.orgActor, c.req.param("userId"));
    return c.body(null, 204);
  })
  .delete("/members/:userId/account", memberOps.deleteAccount, async (c) => {
    await deleteMemberAccount(c.var.deps, c.var.orgActor, c.req.param("userId"));
    return c.body(null, 204);
  })
  .post(
    "/members/:userId/reset-password",
    memberOps.resetPassword,
    rateLimit({ name: "admin-reset-password", max: 10, windowSeconds: 60 }, { perUser: true }),
    async (c) => c.json(await resetMemberPassword(c.var.deps, c.var.orgActor, c.req.param("userId"))),
  )
  .post(
    "/members/:userId/password-reset-email",
    memberOps.resetEmail,
    rateLimit({ name: "member-reset-email", max: 10, windowSeconds: 3600 }, { perUser: true }),
    async (c) => {
      await sendMemberResetEmail(c.var.deps, c.var.orgActor, c.req.param("userId"));
      return c.json({ ok: true as const });
    },
  )
  .get(
    "/users/search",
    memberOps.searchUsers,
    rateLimit({ name: "user-search", max: 30, windowSeconds: 60 }, { perUser: true }),
    queryParams(userSearchSchema),
    async (c) => c.json({ users: await searchUsersToAdd(c.var.deps, c.var.orgActor, c.req.valid("query").q) }),
  );
