import { Hono } from "hono";
import { apiTokenCreateSchema } from "../../shared/api-token-schemas.js";
import type { AppEnv } from "../http/env.js";
import { jsonBody } from "../http/validate.js";
import { apiTokenOps } from "./openapi-operations.js";
import { createApiToken, listApiTokens, revokeApiToken } from "../services/api-tokens.js";

/** The organization's API tokens, for its owner and admins (mounted under /api/orgs/:orgId; ADR 024). */
export const apiTokenRoutes = new Hono<AppEnv>()
  .get("/api-tokens", apiTokenOps.list, async (c) => c.json(await listApiTokens(c.var.deps, c.var.orgActor)))
  .post("/api-tokens", apiTokenOps.create, jsonBody(apiTokenCreateSchema), async (c) =>
    c.json(await createApiToken(c.var.deps, c.var.orgActor, c.req.valid("json")), 201),
  )
  .delete("/api-tokens/:id", apiTokenOps.revoke, async (c) => {
    await revokeApiToken(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  });
