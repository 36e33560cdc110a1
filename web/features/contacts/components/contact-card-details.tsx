import { format, formatDistanceToNow } from "date-fns";
import type { Contact } from "../types";

/** Address, notes and last accessed time: the collapsible part of a card. */
export function ContactCardDetails({ id, contact, hidden }: { id: string; contact: Contact; hidden: boolean }) {
  const address = [contact.address, contact.city, contact.province_state, contact.postal_zip_code].filter(Boolean).join(", ");
  const accessed = contact.last_accessed ? new Date(contact.last_accessed) : null;

  return (
    <dl id={id} hidden={hidden} className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">Address</dt>
      <dd className="min-w-0 break-words">{address || "No address"}</dd>
      <dt className="text-muted-foreground">Notes</dt>
      <dd className="min-w-0 break-words whitespace-pre-line">{contact.notes || "No notes"}</dd>
      <dt className="text-muted-foreground">Last accessed</dt>
      <dd>
        {accessed ? (
          <time dateTime={contact.last_accessed ?? undefined} title={format(accessed, "MMM d, yyyy HH:mm")}>
            {formatDistanceToNow(accessed, { addSuffix: true })}
          </time>
        ) : (
          "Never"
        )}
      </dd>
    </dl>
  );
}
