import { Hono } from "hono";
import { z } from "zod";
import { contactListQuerySchema, contactVersionSchema, favoriteSchema } from "../../shared/contact-schemas.js";
import { badRequest } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { parseJson } from "../http/validate.js";
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

function parseQuery<S extends z.ZodType>(schema: S, query: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query.");
  return parsed.data;
}

const pageQuery = z.object({ cursor: z.string().max(1000).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Contacts of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export function contactRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/contacts", async (c) => c.json(await listContacts(c.var.deps, c.var.orgActor, parseQuery(contactListQuerySchema, c.req.query()))));
  app.get("/contacts/counts", async (c) => {
    const { q } = parseQuery(z.object({ q: z.string().max(200).optional() }), c.req.query());
    return c.json(await countContactsByFilter(c.var.deps, c.var.orgActor, q?.trim() || undefined));
  });
  app.get("/contacts/duplicates", async (c) => {
    const { cursor } = parseQuery(pageQuery, c.req.query());
    return c.json(await findDuplicateContacts(c.var.deps, c.var.orgActor, cursor));
  });
  app.get("/contacts/phone-match", async (c) => {
    const { phone, except } = parseQuery(z.object({ phone: z.string().max(40), except: z.string().max(100).optional() }), c.req.query());
    return c.json(await findPhoneMatch(c.var.deps, c.var.orgActor, phone, except));
  });
  app.post("/contacts", async (c) => {
    const body = await parseJson(c, z.unknown());
    return c.json(await createContact(c.var.deps, c.var.orgActor, body), 201);
  });
  app.get("/contacts/:id", async (c) => c.json(await getContact(c.var.deps, c.var.orgActor, c.req.param("id"))));
  app.patch("/contacts/:id", async (c) => {
    const { version, ...patch } = await parseJson(c, contactVersionSchema);
    return c.json(await updateContact(c.var.deps, c.var.orgActor, c.req.param("id"), version, patch));
  });
  app.delete("/contacts/:id", async (c) => {
    await softDeleteContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  });
  app.post("/contacts/:id/favorite", async (c) => {
    const { is_favorite } = await parseJson(c, favoriteSchema);
    return c.json(await setFavorite(c.var.deps, c.var.orgActor, c.req.param("id"), is_favorite));
  });
  app.post("/contacts/:id/access", async (c) => c.json(await recordAccess(c.var.deps, c.var.orgActor, c.req.param("id"))));
  app.get("/trash", async (c) => {
    const { cursor, limit } = parseQuery(pageQuery, c.req.query());
    return c.json(await listTrash(c.var.deps, c.var.orgActor, cursor, limit));
  });
  app.post("/trash/:id/restore", async (c) => c.json(await restoreContact(c.var.deps, c.var.orgActor, c.req.param("id"))));
  app.delete("/trash/:id", async (c) => {
    await purgeContact(c.var.deps, c.var.orgActor, c.req.param("id"));
    return c.body(null, 204);
  });
  return app;
}
