import { createMiddleware } from "hono/factory";
import { notFound } from "../errors.js";
import type { AppEnv } from "./env.js";

/**
 * For /api/orgs/:orgId/*: the signed-in user must belong to the organization, else 404 (another
 * organization's existence is never confirmed). Sets c.var.orgActor with the role read just now.
 */
export const requireOrgMember = createMiddleware<AppEnv>(async (c, next) => {
  const organizationId = c.req.param("orgId");
  if (!organizationId) throw notFound();
  // Usually read with the session in the same query; otherwise (Better Auth's slower path) read now.
  const early = c.var.membershipRead;
  const membership =
    early?.organizationId === organizationId
      ? early.membership
      : await c.var.deps.repos.members(organizationId).membership(c.var.actor.userId);
  if (!membership) throw notFound("Organization not found.");
  c.set("orgActor", {
    userId: c.var.actor.userId,
    organizationId,
    role: membership.role,
    isOwner: membership.owner_id === c.var.actor.userId,
  });
  await next();
});
