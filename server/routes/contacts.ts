import { Hono } from "hono";
import {
  contactCountsQuerySchema,
  contactCreateSchema,
  contactListQuerySchema,
  contactVersionSchema,
  favoriteSchema,
  phoneMatchQuerySchema,
} from "../../shared/contact-schemas.js";
import { pageQuerySchema } from "../../shared/paging.js";
import type { AppEnv } from "../http/env.js";
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

/** Contacts of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export const contactRoutes = new Hono<AppEnv>()
  .get("/contacts", queryParams(contactListQuerySchema), async (c) =>
    c.json(await listContacts(c.var.deps, c.var.orgActor, c.req.valid("query"))),
  )
  .get("/contacts/counts", queryParams(contactCountsQuerySchema), async (c) =>
    c.json(await countContactsByFilter(c.var.deps, c.var.orgActor, c.req.valid("query").q, c.req.valid("query").month)),
  )
  .get("/contacts/duplicates", queryParams(pageQuerySchema), async (c) =>
    c.json(await findDuplicateContacts(c.var.deps, c.var.orgActor, c.req.valid("query").cursor)),
  )
  .get("/contacts/phone-match", queryParams(phoneMatchQuerySchema), async (c) => {
    const { phone, except, email } = c.req.valid("query");
    return c.json(await findPhoneMatch(c.var.deps, c.var.orgActor, phone, except, email));
  })
  .post("/contacts", jsonBody(contactCreateSchema), async (c) => {
    const { on_duplicate, ...body } = c.req.valid("json");
    return c.json(await createContact(c.var.deps, c.var.orgActor, body, on_duplicate), 201);
  })
  .get("/contacts/:id", async (c) => c.json(await getContact(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .patch("/contacts/:id", jsonBody(contactVersionSchema), async (c) => {
    const { version, ...patch } = c.req.valid("json");
    return c.json(await updateContact(c.var.deps, c.var.orgActor, c.req.param("id"), version, patch));
  })
  .delete("/contacts/:id", async (c) => {
    await softDeleteContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  })
  .post("/contacts/:id/favorite", jsonBody(favoriteSchema), async (c) =>
    c.json(await setFavorite(c.var.deps, c.var.orgActor, c.req.param("id"), c.req.valid("json").is_favorite)),
  )
  // Undo of "Contact moved to trash": the same restore, reachable by staff for their own delete.
  .post("/contacts/:id/restore", async (c) => c.json(await restoreContact(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .post("/contacts/:id/access", async (c) => c.json(await recordAccess(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .get("/trash", queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listTrash(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .post("/trash/:id/restore", async (c) => c.json(await restoreContact(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .delete("/trash/:id", async (c) => {
    await purgeContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  });
