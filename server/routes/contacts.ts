import { Hono } from "hono";
import {
  bulkRestoreSchema,
  contactBulkSchema,
  contactCountsQuerySchema,
  contactCreateSchema,
  contactListQuerySchema,
  contactVersionSchema,
  favoriteSchema,
  phoneMatchQuerySchema,
} from "../../shared/contact-schemas.js";
import { pageQuerySchema } from "../../shared/page-schema.js";
import type { AppEnv } from "../http/env.js";
import { contactOps } from "./openapi-operations.js";
import { jsonBody, queryParams } from "../http/validate.js";
import {
  countContactsByFilter,
  createContact,
  findPhoneMatch,
  getContact,
  listContacts,
  listTrash,
  purgeContact,
  recordAccess,
  restoreContact,
  setFavorite,
  softDeleteContact,
  updateContact,
} from "../services/contacts.js";
import { findDuplicateContacts } from "../services/duplicates.js";
import { applyBulkAction, restoreBulkTrash } from "../services/contact-bulk.js";

/** Contacts of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export const contactRoutes = new Hono<AppEnv>()
  .get("/contacts", contactOps.list, queryParams(contactListQuerySchema), async (c) =>
    c.json(await listContacts(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  )
  .get("/contacts/counts", contactOps.counts, queryParams(contactCountsQuerySchema), async (c) => {
    const { q, month, group } = c.req.valid("query");
    return c.json(await countContactsByFilter(c.var.deps, c.var.orgActor, q, month, group));
  })
  .post("/contacts/bulk", contactOps.bulk, jsonBody(contactBulkSchema), async (c) =>
    c.json(await applyBulkAction(c.var.deps, c.var.orgActor, c.req.valid("json"))),
  )
  .post("/contacts/bulk/restore", contactOps.bulkRestore, jsonBody(bulkRestoreSchema), async (c) =>
    c.json(await restoreBulkTrash(c.var.deps, c.var.orgActor, c.req.valid("json").deleted_at)),
  )
  .get("/contacts/duplicates", contactOps.duplicates, queryParams(pageQuerySchema), async (c) =>
    c.json(await findDuplicateContacts(c.var.deps, c.var.orgActor, c.req.valid("query").cursor)),
  )
  .get("/contacts/phone-match", contactOps.phoneMatch, queryParams(phoneMatchQuerySchema), async (c) => {
    const { phone, except, email } = c.req.valid("query");
    return c.json(await findPhoneMatch(c.var.deps, c.var.orgActor, phone, except, email));
  })
  .post("/contacts", contactOps.create, jsonBody(contactCreateSchema), async (c) => {
    const { on_duplicate, ...body } = c.req.valid("json");
    return c.json(await createContact(c.var.deps, c.var.orgActor, body, on_duplicate), 201);
  })
  .get("/contacts/:id", contactOps.get, async (c) => c.json(await getContact(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .patch("/contacts/:id", contactOps.update, jsonBody(contactVersionSchema), async (c) => {
    const { version, ...patch } = c.req.valid("json");
    return c.json(await updateContact(c.var.deps, c.var.orgActor, c.req.param("id"), version, patch));
  })
  .delete("/contacts/:id", contactOps.remove, async (c) => {
    await softDeleteContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  })
  .post("/contacts/:id/favorite", contactOps.favorite, jsonBody(favoriteSchema), async (c) =>
    c.json(await setFavorite(c.var.deps, c.var.orgActor, c.req.param("id"), c.req.valid("json").is_favorite)),
  )
  // Undo of "Contact moved to trash": the same restore, reachable by staff for their own delete.
  .post("/contacts/:id/restore", contactOps.restore, async (c) =>
    c.json(await restoreContact(c.var.deps, c.var.orgActor, c.req.param("id"))),
  )
  .post("/contacts/:id/access", contactOps.access, async (c) => c.json(await recordAccess(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .get("/trash", contactOps.trash, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listTrash(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .post("/trash/:id/restore", contactOps.trashRestore, async (c) =>
    c.json(await restoreContact(c.var.deps, c.var.orgActor, c.req.param("id"))),
  )
  .delete("/trash/:id", contactOps.purge, async (c) => {
    await purgeContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  });
