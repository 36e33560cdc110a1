import { Hono } from "hono";
import { contactMergeSchema } from "../../shared/contact-merge-schemas.js";
import type { AppEnv } from "../http/env.js";
import { contactOps } from "./openapi-operations.js";
import { jsonBody } from "../http/validate.js";
import { mergeContacts, undoMerge } from "../services/contact-merge.js";

/** Merging duplicate contacts and its undo (mounted under /api/orgs/:orgId after requireOrgMember). */
export const contactMergeRoutes = new Hono<AppEnv>()
  .post("/contacts/merge", contactOps.merge, jsonBody(contactMergeSchema), async (c) =>
    c.json(await mergeContacts(c.var.deps, c.var.orgActor, c.req.valid("json"))),
  )
  .post("/merges/:mergeId/undo", contactOps.undoMerge, async (c) =>
    c.json(await undoMerge(c.var.deps, c.var.orgActor, c.req.param("mergeId"))),
  );
