import { Hono } from "hono";
import { z } from "zod";
import { addGroupMembersSchema, groupSchema } from "../../shared/group-schemas.js";
import { badRequest } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { parseJson } from "../http/validate.js";
import {
  addGroupMembers,
  createGroup,
  deleteGroup,
  listGroupCandidates,
  listGroupMembers,
  listGroups,
  removeGroupMember,
  updateGroup,
} from "../services/groups.js";

const pageQuery = z.object({
  q: z.string().max(200).optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

function page(query: Record<string, string>) {
  const parsed = pageQuery.safeParse(query);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query.");
  return parsed.data;
}

/** Groups of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export function groupRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/groups", async (c) => {
    const { cursor, limit } = page(c.req.query());
    return c.json(await listGroups(c.var.deps, c.var.orgActor, cursor, limit));
  });
  app.post("/groups", async (c) => c.json(await createGroup(c.var.deps, c.var.orgActor, await parseJson(c, groupSchema)), 201));
  app.patch("/groups/:groupId", async (c) =>
    c.json(await updateGroup(c.var.deps, c.var.orgActor, c.req.param("groupId"), await parseJson(c, groupSchema))),
  );
  app.delete("/groups/:groupId", async (c) => {
    await deleteGroup(c.var.deps, c.var.orgActor, c.req.param("groupId"));
    return c.body(null, 204);
  });
  app.get("/groups/:groupId/members", async (c) => {
    const { cursor, limit } = page(c.req.query());
    return c.json(await listGroupMembers(c.var.deps, c.var.orgActor, c.req.param("groupId"), cursor, limit));
  });
  app.get("/groups/:groupId/candidates", async (c) => {
    const { q, cursor, limit } = page(c.req.query());
    return c.json(await listGroupCandidates(c.var.deps, c.var.orgActor, c.req.param("groupId"), q?.trim() || undefined, cursor, limit));
  });
  app.post("/groups/:groupId/members", async (c) => {
    const { contact_ids } = await parseJson(c, addGroupMembersSchema);
    return c.json(await addGroupMembers(c.var.deps, c.var.orgActor, c.req.param("groupId"), contact_ids), 201);
  });
  app.delete("/groups/:groupId/members/:contactId", async (c) => {
    await removeGroupMember(c.var.deps, c.var.orgActor, c.req.param("groupId"), c.req.param("contactId"));
    return c.body(null, 204);
  });
  return app;
}
