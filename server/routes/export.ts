import { Hono } from "hono";
import { auditQuerySchema, exportQuerySchema, usageQuerySchema } from "../../shared/export-schemas.js";
import type { AppEnv } from "../http/env.js";
import { queryParams } from "../http/validate.js";
import { getUsage, listAudit } from "../services/analytics.js";
import { startExport, summarizeExport } from "../services/export.js";

/** Export, usage statistics and the audit log of one organization (mounted under /api/orgs/:orgId). */
export const exportRoutes = new Hono<AppEnv>()
  .get("/export/summary", queryParams(exportQuerySchema), async (c) =>
    c.json(await summarizeExport(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  )
  .get("/export", queryParams(exportQuerySchema), async (c) => {
    const file = await startExport(c.var.deps, c.var.orgActor, c.req.valid("query"));
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.body(file.body);
  })
  .get("/usage", queryParams(usageQuerySchema), async (c) => c.json(await getUsage(c.var.deps, c.var.orgActor, c.req.valid("query"))))
  .get("/audit", queryParams(auditQuerySchema), async (c) => c.json(await listAudit(c.var.deps, c.var.orgActor, c.req.valid("query"))));
