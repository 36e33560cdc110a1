import { Hono } from "hono";
import { addGroupMembersSchema, groupSchema } from "../../shared/group-schemas.js";
import { pageQuerySchema, searchPageQuerySchema } from "../../shared/page-schema.js";
import type { AppEnv } from "../http/env.js";
import { groupOps } from "./openapi-operations.js";
import { jsonBody, queryParams } from "../http/validate.js";
import {
  addGroupMembers,
  createGroup,
  deleteGroup,
  listContactGroups,
  listGroupCandidates,
  listGroupMembers,
  listGroups,
  removeGroupMember,
  updateGroup,
} from "../services/groups.js";

/** Groups of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export const groupRoutes = new Hono<AppEnv>()
  .get("/groups", groupOps.list, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listGroups(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .get("/contacts/:id/groups", groupOps.ofContact, async (c) =>
    c.json(await listContactGroups(c.var.deps, c.var.orgActor, c.req.param("id"))),
  )
  .post("/groups", groupOps.create, jsonBody(groupSchema), async (c) =>
    c.json(await createGroup(c.var.deps, c.var.orgActor, c.req.valid("json")), 201),
  )
  .patch("/groups/:groupId", groupOps.update, jsonBody(groupSchema), async (c) =>
    c.json(await updateGroup(c.var.deps, c.var.orgActor, c.req.param("groupId"), c.req.valid("json"))),
  )
  .delete("/groups/:groupId", groupOps.remove, async (c) => {
    await deleteGroup(c.var.deps, c.var.orgActor, c.req.param("groupId"));
    return c.body(null, 204);
  })
  .get("/groups/:groupId/members", groupOps.members, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listGroupMembers(c.var.deps, c.var.orgActor, c.req.param("groupId"), cursor, limit));
  })
  .get("/groups/:groupId/candidates", groupOps.candidates, queryParams(searchPageQuerySchema), async (c) => {
    const { q, cursor, limit } = c.req.valid("query");
    return c.json(await listGroupCandidates(c.var.deps, c.var.orgActor, c.req.param("groupId"), q, cursor, limit));
  })
  .post("/groups/:groupId/members", groupOps.add, jsonBody(addGroupMembersSchema), async (c) =>
    c.json(await addGroupMembers(c.var.deps, c.var.orgActor, c.req.param("groupId"), c.req.valid("json").contact_ids), 201),
  )
  .delete("/groups/:groupId/members/:contactId", groupOps.removeMember, async (c) => {
    await removeGroupMember(c.var.deps, c.var.orgActor, c.req.param("groupId"), c.req.param("contactId"));
    return c.body(null, 204);
  });
