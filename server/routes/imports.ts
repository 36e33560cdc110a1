import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { importOptionsSchema, nativeImportSchema, previewOptionsSchema } from "../../shared/import-schemas.js";
import { pageQuerySchema } from "../../shared/page-schema.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { importOps } from "./openapi-operations.js";
import { fileUpload } from "../http/file-upload.js";
import { jsonBody, queryParams, validate } from "../http/validate.js";
import { contactRules } from "../services/contact-rules.js";
import {
  failedRowsCsv,
  getImport,
  listImports,
  previewImport,
  startImport,
  startNativeImport,
  undoImport,
} from "../services/imports/index.js";

const FILE_MISSING = "Choose a .csv or .vcf file";
const fileField = z.instanceof(File, { message: FILE_MISSING });
const previewForm = previewOptionsSchema.extend({ file: fileField });
const importForm = importOptionsSchema.extend({ file: fileField });

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.round(bytes / 1024)}KB`);
const tooLarge = (max: number) => new AppError(413, "TOO_LARGE", `File is too large (max ${megabytes(max)})`);

/**
 * Uploads up to IMPORT_MAX_BYTES (the form's own bytes aside); a declared length over it is refused
 * before anything is read, a streamed file as soon as it passes the limit; nothing is written either way.
 */
const uploadLimit = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const max = c.var.deps.config.importMaxBytes;
    return bodyLimit({ maxSize: max + 64 * 1024, onError: () => Promise.reject(tooLarge(max)) })(c, next);
  });
const upload = () => fileUpload({ fieldName: "file", maxBytes: (c) => c.var.deps.config.importMaxBytes, tooLarge, missing: FILE_MISSING });

/** Imports of one organization (mounted under /api/orgs/:orgId after requireOrgMember). */
export const importRoutes = new Hono<AppEnv>()
  .post("/imports/preview", importOps.preview, uploadLimit(), upload(), validate("form", previewForm), async (c) => {
    const { encoding, hasHeader, mapping } = c.req.valid("form");
    const { name, bytes } = c.var.upload;
    const read = { encoding, acceptLanguage: c.req.header("accept-language") };
    const rules = await contactRules(c.var.deps, c.var.orgActor.organizationId);
    return c.json(await previewImport(c.var.orgActor, bytes, name, read, { hasHeader, mapping }, rules, c.var.deps, c.req.raw.signal));
  })
  .post("/imports", importOps.start, uploadLimit(), upload(), validate("form", importForm), async (c) => {
    const { mapping, hasHeader, mode, encoding, categoriesAsGroups, exclude } = c.req.valid("form");
    const { name, bytes } = c.var.upload;
    const read = { encoding, acceptLanguage: c.req.header("accept-language") };
    const input = { bytes, fileName: name, read, mapping, hasHeader, mode, categoriesAsGroups, exclude };
    return c.json(await startImport(c.var.deps, c.var.orgActor, input), 201);
  })
  .post("/imports/native", importOps.native, jsonBody(nativeImportSchema), async (c) => {
    const { contacts, mode } = c.req.valid("json");
    return c.json(await startNativeImport(c.var.deps, c.var.orgActor, contacts, mode), 201);
  })
  .get("/imports", importOps.list, queryParams(pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listImports(c.var.deps, c.var.orgActor, cursor, limit));
  })
  .get("/imports/:id", importOps.get, async (c) => c.json(await getImport(c.var.deps, c.var.orgActor, c.req.param("id"))))
  .get("/imports/:id/failed-rows", importOps.failedRows, async (c) => {
    const { fileName, csv } = await failedRowsCsv(c.var.deps, c.var.orgActor, c.req.param("id"));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"`);
    // A BOM so spreadsheet programs read the file as UTF-8.
    return c.body(`\uFEFF${csv}`);
  })
  .post("/imports/:id/undo", importOps.undo, async (c) => c.json(await undoImport(c.var.deps, c.var.orgActor, c.req.param("id"))));
