import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { PHOTO_MAX_BYTES, PHOTO_SIZE } from "../../shared/contact-model/photo.js";
import { can } from "../../shared/policy/can.js";
import type { AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import type { Repositories } from "../db/repositories/index.js";
import { AppError, badRequest, notFound } from "../errors.js";
import { type OrgActor, authorize } from "../policies/authorize.js";
import { presentContact } from "./contact-presenter.js";
import { enqueueContactEvents } from "./webhooks/enqueue.js";

/** A photo ready to store: the square JPEG the server keeps, and the hash that names its version. */
export interface PreparedPhoto {
  bytes: Buffer;
  etag: string;
}

/**
 * Pixels an image may declare before it is decoded: a small file can declare a huge canvas (a
 * decompression bomb). 50 megapixels still takes a 48 MP phone camera's full-size picture.
 */
const PHOTO_MAX_PIXELS = 50_000_000;

/** The formats libvips reads that people's photos come in; anything else it can open (SVG, TIFF, PDF...) is refused. */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

const JPEG_QUALITY = 82;

export const notAnImage = () => badRequest("The file is not an image (JPEG, PNG, WebP, GIF or HEIC).");
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;
export const photoTooLarge = () => new AppError(413, "TOO_LARGE", `The photo is too large (max ${megabytes(PHOTO_MAX_BYTES)}).`);
const tooManyPixels = () => badRequest(`The image is too large (max ${PHOTO_MAX_PIXELS / 1_000_000} megapixels).`);
// The prebuilt libvips reads AVIF but not the HEVC inside most iPhone HEIC files.
const heicUnreadable = () => badRequest("This HEIC photo cannot be read; please choose a JPEG or PNG copy of it.");

/**
 * Turns an uploaded image into the photo the server keeps: turned upright by its EXIF orientation,
 * cropped to the middle square and scaled to PHOTO_SIZE, a JPEG without any of the file's metadata
 * (camera, place, time). sharp works on libuv's thread pool, so the event loop stays free meanwhile.
 * Refuses files over PHOTO_MAX_BYTES (413), what is not an image (400), and canvases over PHOTO_MAX_PIXELS.
 */
export async function preparePhoto(input: Uint8Array): Promise<PreparedPhoto> {
  if (input.byteLength > PHOTO_MAX_BYTES) throw photoTooLarge();
  // failOn "error": a phone's slightly truncated JPEG still makes a picture; what cannot be decoded is refused.
  const image = sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, autoOrient: true, failOn: "error" });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    // sharp checks the declared size against limitInputPixels as it reads the header.
    throw /pixel limit/i.test(String(error)) ? tooManyPixels() : notAnImage();
  }
  if (!metadata.format || !PHOTO_FORMATS.has(metadata.format)) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > PHOTO_MAX_PIXELS) throw tooManyPixels();
  let bytes: Buffer;
  try {
    bytes = await image
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: "cover" })
      // JPEG has no transparency: a transparent PNG's background becomes white, not black.
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch {
    throw metadata.format === "heif" ? heicUnreadable() : notAnImage();
  }
  return { bytes, etag: createHash("sha256").update(bytes).digest("base64url").slice(0, 22) };
}

type StampedContact = NonNullable<Awaited<ReturnType<ReturnType<Repositories["contactPhotos"]>["stampContact"]>>>;

/** The live event of an edit (after its commit), as updateContact sends it. */
function contactChangedEvent(deps: AppDeps, actor: OrgActor, contact: StampedContact) {
  deps.events.changed(actor.organizationId, actor.userId, "contact.updated", { ids: [contact.id], version: contact.version });
}

const presentWithPhoto = (deps: AppDeps, contact: StampedContact) => ({
  ...presentContact(contact, deps.config.defaultCountry),
  photo_etag: contact.photo_etag,
});

const contactNotFound = () => notFound("Contact not found.");

/**
 * Sets a contact's photo (an edit of the contact: same permission, next version). The image is
 * prepared before the transaction, so the write holds the database for a moment only.
 */
export async function setContactPhoto(deps: AppDeps, actor: OrgActor, contactId: string, bytes: Uint8Array) {
  authorize(actor, "contacts.edit");
  // Another organization's contact is 404 before the file is looked at.
  if (!(await deps.repos.contacts(actor.organizationId).find(contactId))) throw contactNotFound();
  const prepared = await preparePhoto(bytes);
  const contact = await deps.repos.transaction(async (repos) => {
    const photos = repos.contactPhotos(actor.organizationId);
    const now = nowIso();
    const stamped = await photos.stampContact(contactId, prepared.etag, now);
    if (!stamped) throw contactNotFound();
    await photos.put(contactId, prepared, now);
    await enqueueContactEvents(repos, actor.organizationId, "contact.updated", [contactId]);
    return stamped;
  });
  contactChangedEvent(deps, actor, contact);
  return presentWithPhoto(deps, contact);
}

/** Removes a contact's photo (an edit, as setting one); a contact without one is answered as it is. */
export async function removeContactPhoto(deps: AppDeps, actor: OrgActor, contactId: string) {
  authorize(actor, "contacts.edit");
  const { changed, contact } = await deps.repos.transaction(async (repos): Promise<{ changed: boolean; contact: StampedContact }> => {
    const photos = repos.contactPhotos(actor.organizationId);
    if (!(await photos.delete(contactId))) {
      const current = await repos.contacts(actor.organizationId).find(contactId);
      if (!current) throw contactNotFound();
      return { changed: false, contact: current };
    }
    const stamped = await photos.stampContact(contactId, null, nowIso());
    // A trashed contact keeps its photo (the throw rolls the delete back).
    if (!stamped) throw contactNotFound();
    await enqueueContactEvents(repos, actor.organizationId, "contact.updated", [contactId]);
    return { changed: true, contact: stamped };
  });
  if (changed) contactChangedEvent(deps, actor, contact);
  return presentWithPhoto(deps, contact);
}

/**
 * A contact's photo, for whoever may see the contact: any member while it is active, those who may
 * see the trash once it is there. 404 without one, as for another organization's contact.
 */
export async function readContactPhoto(deps: AppDeps, actor: OrgActor, contactId: string): Promise<{ bytes: Buffer; etag: string }> {
  authorize(actor, "contacts.view");
  const photo = await deps.repos.contactPhotos(actor.organizationId).get(contactId);
  if (!photo || (photo.trashed && !can(actor, "trash.view").allowed)) throw notFound("This contact has no photo.");
  return { bytes: photo.bytes, etag: photo.etag };
}
