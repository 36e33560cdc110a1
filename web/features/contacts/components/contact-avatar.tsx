import { Avatar } from "@/components/avatar";
import { contactPhotoUrl } from "../lib/contact-photo";
import { contactInitials } from "../lib/contact-display";
import type { Contact } from "../types";

type AvatarContact = Pick<Contact, "id" | "organization_id" | "photo_etag" | "first_name" | "last_name" | "company">;

/** The contact's photo, or its initials. */
export function ContactAvatar({ contact, className }: { contact: AvatarContact; className?: string }) {
  const src = contact.photo_etag ? contactPhotoUrl(contact.organization_id, contact.id, contact.photo_etag) : null;
  return <Avatar src={src} initials={contactInitials(contact)} className={className} />;
}
