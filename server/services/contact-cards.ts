import type { Repositories } from "../db/repositories/index.js";
import type { ContactRow } from "../db/schema.js";
import type { CardRow } from "../vcard/contact-card.js";
import { dataOfRow } from "./contact-row.js";

/** What a card is written from: the stored columns it needs (a device's UID and lines, the photo's version). */
export type CardSource = Pick<ContactRow, "id" | "updated_at" | "vcard_uid" | "vcard_extra" | "photo_etag"> &
  Parameters<typeof dataOfRow>[0];

/**
 * Stored contacts as the card writer takes them: their data, and the photos of those that have one,
 * read in one query for the lot (CardDAV reports, the vCard export).
 */
export async function cardRowsOf(repos: Repositories, organizationId: string, rows: readonly CardSource[]): Promise<CardRow[]> {
  const photos = await repos.contactPhotos(organizationId).getMany(rows.filter((r) => r.photo_etag).map((r) => r.id));
  return rows.map((row) => {
    const bytes = photos.get(row.id);
    return {
      ...dataOfRow(row),
      id: row.id,
      updated_at: row.updated_at,
      vcard_uid: row.vcard_uid,
      vcard_extra: row.vcard_extra,
      photo: bytes ? { bytes, mediaType: "image/jpeg" } : null,
    };
  });
}
