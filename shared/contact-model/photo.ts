// A contact's photo (ADR 015): what may be sent, and what the server keeps of it. The form, the upload
// route, the importer and CardDAV all read these, so the limits are the same wherever a photo comes in.

/** The largest image file taken as a contact's photo, before the server resizes it. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The side, in pixels, of the square JPEG the server keeps of every photo. */
export const PHOTO_SIZE = 512;

/** The file types the photo picker offers (the `accept` of its file input). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif";

/** The photo's address for a contact with one: its version in the query, so a browser may keep it for good. */
export const photoPath = (organizationId: string, contactId: string, photoEtag: string) =>
  `/api/orgs/${encodeURIComponent(organizationId)}/contacts/${encodeURIComponent(contactId)}/photo?v=${encodeURIComponent(photoEtag)}`;
