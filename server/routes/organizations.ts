import { Hono } from "hono";
import { organizationNameSchema } from "../../shared/organization-schemas.js";
import type { AppEnv } from "../http/env.js";
import { requireOrgMember } from "../http/org-access.js";
import { requireSession } from "../http/session.js";
import { parseJson } from "../http/validate.js";
import { getMe } from "../services/me.js";
import { createOrganization, deleteOrganization } from "../services/organizations.js";
import { contactRoutes } from "./contacts.js";
import { groupRoutes } from "./groups.js";
import { memberRoutes } from "./members.js";

export function organizationRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireSession);
  app.get("/", async (c) => c.json({ items: (await getMe(c.var.deps, c.var.actor)).organizations }));
  app.post("/", async (c) => {
    const { name } = await parseJson(c, organizationNameSchema);
    return c.json(await createOrganization(c.var.deps, c.var.actor, name), 201);
  });
  app.use("/:orgId/*", requireOrgMember);
  app.use("/:orgId", requireOrgMember);
  app.delete("/:orgId", async (c) => {
    await deleteOrganization(c.var.deps, c.var.orgActor);
    return c.body(null, 204);
  });
  app.route("/:orgId", memberRoutes());
  app.route("/:orgId", contactRoutes());
  app.route("/:orgId", groupRoutes());
  return app;
}
