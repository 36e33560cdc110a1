import { Hono } from "hono";
import { auditQuerySchema, exportQuerySchema, usageQuerySchema } from "../../shared/export-schemas.js";
import type { AppEnv } from "../http/env.js";
import { exportOps } from "./openapi-operations.js";
import { jsonBody, queryParams } from "../http/validate.js";
import { exportSelectionSchema } from "../../shared/export-selection-schema.js";
import { getUsage, listAudit } from "../services/analytics.js";
import { startExport, summarizeExport } from "../services/export.js";

/** Export, usage statistics and the audit log of one organization (mounted under /api/orgs/:orgId). */
export const exportRoutes = new Hono<AppEnv>()
  .get("/export/summary", exportOps.summary, queryParams(exportQuerySchema), async (c) =>
    c.json(await summarizeExport(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  )
  .get("/export", exportOps.file, queryParams(exportQuerySchema), async (c) => {
    const file = await startExport(c.var.deps, c.var.orgActor, c.req.valid("query"));
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.body(file.body);
  })
  .post("/export/selection", exportOps.selection, jsonBody(exportSelectionSchema), async (c) => {
    const { format, ids } = c.req.valid("json");
    const file = await startExport(c.var.deps, c.var.orgActor, { format, ids, q: undefined, filter: "all" });
    c.header("Content-Type", file.contentType);
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.body(file.body);
  })
  .get("/usage", exportOps.usage, queryParams(usageQuerySchema), async (c) =>
    c.json(await getUsage(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  )
  .get("/audit", exportOps.audit, queryParams(auditQuerySchema), async (c) =>
    c.json(await listAudit(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  );
