import { Hono } from "hono";
import { createWebhookSchema, updateWebhookSchema } from "../../shared/webhook-schemas.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody } from "../http/validate.js";
import { webhookOps } from "./openapi-operations.js";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  sendTestEvent,
  updateWebhook,
} from "../services/webhooks/endpoints.js";

/** An organization's webhook endpoints (mounted under /api/orgs/:orgId after requireOrgMember). */
export const webhookRoutes = new Hono<AppEnv>()
  .get("/webhooks", webhookOps.list, async (c) => c.json(await listWebhooks(c.var.deps, c.var.orgActor)))
  .post("/webhooks", webhookOps.create, jsonBody(createWebhookSchema), async (c) =>
    c.json(await createWebhook(c.var.deps, c.var.orgActor, c.req.valid("json")), 201),
  )
  .patch("/webhooks/:id", webhookOps.update, jsonBody(updateWebhookSchema), async (c) =>
    c.json(await updateWebhook(c.var.deps, c.var.orgActor, c.req.param("id"), c.req.valid("json"))),
  )
  .delete("/webhooks/:id", webhookOps.remove, async (c) => {
    await deleteWebhook(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  })
  .get("/webhooks/:id/deliveries", webhookOps.deliveries, async (c) =>
    c.json(await listDeliveries(c.var.deps, c.var.orgActor, c.req.param("id"))),
  )
  .post("/webhooks/:id/test", webhookOps.test, async (c) =>
    c.json(await sendTestEvent(c.var.deps, c.var.orgActor, c.req.param("id")), 202),
  );
