import { Hono } from "hono";
import { historyQuerySchema, historyVersionSchema } from "../../shared/contact-history-schemas.js";
import type { AppEnv } from "../http/env.js";
import { contactOps } from "./openapi-operations.js";
import { queryParams, validate } from "../http/validate.js";
import { listContactHistory, restoreContactVersion } from "../services/contact-history.js";

/** A contact's history (mounted under /api/orgs/:orgId after requireOrgMember, beside contactRoutes). */
export const contactHistoryRoutes = new Hono<AppEnv>()
  .get("/contacts/:id/history", contactOps.history, queryParams(historyQuerySchema), async (c) =>
    c.json(await listContactHistory(c.var.deps, c.var.orgActor, c.req.param("id"), c.req.valid("query").cursor)),
  )
  .post("/contacts/:id/history/:version/restore", contactOps.historyRestore, validate("param", historyVersionSchema), async (c) => {
    const { id, version } = c.req.valid("param");
    return c.json(await restoreContactVersion(c.var.deps, c.var.orgActor, id, version));
  });
