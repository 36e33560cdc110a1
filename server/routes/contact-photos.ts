import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_MAX_BYTES } from "../../shared/contact-model/photo.js";
import { badRequest } from "../errors.js";
import type { AppEnv } from "../http/env.js";
import { contactOps } from "./openapi-operations.js";
import { fileUpload } from "../http/file-upload.js";
import { photoTooLarge, readContactPhoto, removeContactPhoto, setContactPhoto } from "../services/contact-photos.js";

const PHOTO_MISSING = "Choose a photo (JPEG, PNG, WebP, GIF or HEIC).";
/** Room for the form's own lines around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

// A declared length past the cap is refused before anything is read, a streamed file as soon as it passes it.
const uploadLimit = bodyLimit({ maxSize: PHOTO_MAX_BYTES + FORM_OVERHEAD_BYTES, onError: () => Promise.reject(photoTooLarge()) });
const upload = fileUpload({ fieldName: "photo", maxBytes: () => PHOTO_MAX_BYTES, tooLarge: photoTooLarge, missing: PHOTO_MISSING });

/** Whether an If-None-Match header names this ETag (or any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/** A contact's photo (mounted under /api/orgs/:orgId after requireOrgMember, beside contactRoutes). */
export const contactPhotoRoutes = new Hono<AppEnv>()
  .put("/contacts/:id/photo", contactOps.setPhoto, uploadLimit, upload, async (c) => {
    const file = c.get("upload") as AppEnv["Variables"]["upload"] | undefined;
    if (!file) throw badRequest(PHOTO_MISSING);
    return c.json(await setContactPhoto(c.var.deps, c.var.orgActor, c.req.param("id"), file.bytes));
  })
  .delete("/contacts/:id/photo", contactOps.removePhoto, async (c) =>
    c.json(await removeContactPhoto(c.var.deps, c.var.orgActor, c.req.param("id"))),
  )
  .get("/contacts/:id/photo", contactOps.getPhoto, async (c) => {
    const photo = await readContactPhoto(c.var.deps, c.var.orgActor, c.req.param("id"));
    const etag = `"${photo.etag}"`;
    c.header("ETag", etag);
    // Addressed by its version (?v=photo_etag, as the lists link it), it never changes: a new photo has a new address.
    c.header("Cache-Control", c.req.query("v") === photo.etag ? "private, max-age=31536000, immutable" : "private, no-cache");
    if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304);
    c.header("Content-Type", "image/jpeg");
    // A copy of the few kilobytes, as the ArrayBuffer-backed bytes a body takes.
    return c.body(new Uint8Array(photo.bytes));
  });
