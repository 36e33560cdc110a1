import { Hono } from "hono";
import { organizationNameSchema, updateOrganizationSchema } from "../../shared/organization-schemas.js";
import type { AppEnv } from "../http/env.js";
import { organizationOps } from "./openapi-operations.js";
import { requireOrgMember } from "../http/org-access.js";
import { requireSession } from "../http/session.js";
import { jsonBody } from "../http/validate.js";
import { getMe } from "../services/me.js";
import { createOrganization, deleteOrganization, updateOrganization } from "../services/organizations.js";
import { apiTokenRoutes } from "./api-tokens.js";
import { contactHistoryRoutes } from "./contact-history.js";
import { contactMergeRoutes } from "./contact-merges.js";
import { contactPhotoRoutes } from "./contact-photos.js";
import { contactRoutes } from "./contacts.js";
import { exportRoutes } from "./export.js";
import { eventRoutes } from "./events.js";
import { groupRoutes } from "./groups.js";
import { importRoutes } from "./imports.js";
import { memberRoutes } from "./members.js";
import { webhookRoutes } from "./webhooks.js";

/** Organizations, and under /:orgId everything that belongs to one (members only: another's answers 404). */
export const organizationRoutes = new Hono<AppEnv>()
  .use("*", requireSession)
  .get("/", organizationOps.list, async (c) => c.json({ items: (await getMe(c.var.deps, c.var.actor)).organizations }))
  .post("/", organizationOps.create, jsonBody(organizationNameSchema), async (c) =>
    c.json(await createOrganization(c.var.deps, c.var.actor, c.req.valid("json").name), 201),
  )
  .use("/:orgId/*", requireOrgMember)
  .use("/:orgId", requireOrgMember)
  .patch("/:orgId", organizationOps.update, jsonBody(updateOrganizationSchema), async (c) =>
    c.json(await updateOrganization(c.var.deps, c.var.orgActor, c.req.valid("json"))),
  )
  .delete("/:orgId", organizationOps.remove, async (c) => {
    await deleteOrganization(c.var.deps, c.var.orgActor);
    return c.body(null, 204);
  })
  .route("/:orgId", memberRoutes)
  .route("/:orgId", contactMergeRoutes)
  .route("/:orgId", contactRoutes)
  .route("/:orgId", contactPhotoRoutes)
  .route("/:orgId", contactHistoryRoutes)
  .route("/:orgId", groupRoutes)
  .route("/:orgId", importRoutes)
  .route("/:orgId", exportRoutes)
  .route("/:orgId", eventRoutes)
  .route("/:orgId", apiTokenRoutes)
  .route("/:orgId", webhookRoutes);
