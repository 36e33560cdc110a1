import { createMiddleware } from "hono/factory";
import { actorOf } from "../../shared/policy/actor.js";
import { notFound } from "../errors.js";
import { authenticateApiToken } from "../services/api-tokens.js";
import { requireSecondFactorFor } from "../services/second-factor.js";
import type { AppEnv } from "./env.js";

/**
 * For /api/orgs/:orgId/*: the signed-in user must belong to the organization, else 404 (another
 * organization's existence is never confirmed). Sets c.var.orgActor with the role read just now.
 * An organization that requires two-factor answers a member without it 403 TWO_FACTOR_REQUIRED on all
 * its routes; what they need to see why (GET /api/orgs) and to enrol (/api/me/*) is not under here.
 * A request bearing an API token gets the token as its actor instead (ADR 024).
 */
export const requireOrgMember = createMiddleware<AppEnv>(async (c, next) => {
  const organizationId = c.req.param("orgId");
  if (!organizationId) throw notFound();
  const bearer = c.var.bearerToken;
  if (bearer !== undefined) {
    // Both guards (/:orgId and /:orgId/*) may run for one request: the token is counted once.
    if (c.var.orgActor?.token && c.var.orgActor.organizationId === organizationId) return next();
    // An API token acts as itself, within its scopes (ADR 024): 401, 404 (another organization's) or 429 here.
    c.set("orgActor", await authenticateApiToken(c.var.deps, bearer, organizationId));
    return next();
  }
  // Usually read with the session in the same query; otherwise (Better Auth's slower path) read now.
  const early = c.var.membershipRead;
  const membership =
    early?.organizationId === organizationId
      ? early.membership
      : await c.var.deps.repos.members(organizationId).membership(c.var.actor.userId);
  if (!membership) throw notFound("Organization not found.");
  requireSecondFactorFor(organizationId, membership);
  c.set("orgActor", actorOf({ userId: c.var.actor.userId, organizationId }, membership));
  await next();
});
