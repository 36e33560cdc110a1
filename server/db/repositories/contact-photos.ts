import type { Kysely } from "kysely";
import type { Schema } from "../schema.js";
import { SHOWN_COLUMNS, type ShownContact } from "./contacts.js";

/** A photo as the server keeps it: a square JPEG and the hash that names its version. */
export interface StoredPhoto {
  bytes: Uint8Array;
  etag: string;
}

/** One organization's contact photos, and the photo_etag each contact carries (call the writes in a transaction). */
export function contactPhotoRepository(db: Kysely<Schema>, organizationId: string) {
  return {
    /** The photo of a contact of the organization, and whether that contact is in the trash. */
    async get(contactId: string): Promise<{ bytes: Buffer; etag: string; trashed: boolean } | undefined> {
      const row = await db
        .selectFrom("contact_photos as p")
        .innerJoin("contacts as c", "c.id", "p.contact_id")
        .select(["p.bytes", "p.etag", "c.deleted_at"])
        .where("p.contact_id", "=", contactId)
        .where("p.organization_id", "=", organizationId)
        .where("c.organization_id", "=", organizationId)
        .executeTakeFirst();
      return row && { bytes: row.bytes, etag: row.etag, trashed: row.deleted_at != null };
    },

    /** The photos of these contacts (of the organization), by contact id: cards and exports carry them. */
    async getMany(contactIds: string[]): Promise<Map<string, Buffer>> {
      if (contactIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("contact_photos")
        .select(["contact_id", "bytes"])
        .where("organization_id", "=", organizationId)
        .where("contact_id", "in", contactIds)
        .execute();
      return new Map(rows.map((r) => [r.contact_id, r.bytes]));
    },

    /** Writes the contact's photo, replacing the one it had; the contact must be the organization's (checked by stampContact first). */
    async put(contactId: string, photo: StoredPhoto, now: string): Promise<void> {
      await db
        .insertInto("contact_photos")
        .values({ contact_id: contactId, organization_id: organizationId, bytes: photo.bytes, etag: photo.etag, updated_at: now })
        .onConflict((oc) => oc.column("contact_id").doUpdateSet({ bytes: photo.bytes, etag: photo.etag, updated_at: now }))
        .execute();
    },

    /** Deletes the contact's photo; false when it had none. */
    async delete(contactId: string): Promise<boolean> {
      const result = await db
        .deleteFrom("contact_photos")
        .where("contact_id", "=", contactId)
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Sets an active contact's photo_etag (null: no photo). With `editedAt`, it is an edit of the contact:
     * the next version (so CardDAV clients fetch the card again) and that updated_at. Answers the contact
     * as it is now, or undefined when the organization has no such active contact.
     */
    async stampContact(
      contactId: string,
      etag: string | null,
      editedAt?: string,
    ): Promise<(ShownContact & { photo_etag: string | null }) | undefined> {
      return db
        .updateTable("contacts")
        .set((eb) => ({ photo_etag: etag, ...(editedAt ? { updated_at: editedAt, version: eb("version", "+", 1) } : {}) }))
        .where("id", "=", contactId)
        .where("organization_id", "=", organizationId)
        .where("deleted_at", "is", null)
        .returning([...SHOWN_COLUMNS, "photo_etag"])
        .executeTakeFirst();
    },
  };
}
