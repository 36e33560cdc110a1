import { ConfirmDialog } from "@/components/confirm-dialog";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

interface PurgeContactDialogProps {
  contact: Contact | null;
  /** Asked to close (Cancel, Escape): the caller clears the contact. */
  onOpenChange: (open: boolean) => void;
  onConfirm: (contact: Contact) => void;
}

/** Confirmation before a permanent delete (spec section 2). */
export function PurgeContactDialog({ contact, onOpenChange, onConfirm }: PurgeContactDialogProps) {
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      onConfirm={() => contact && onConfirm(contact)}
      title={`Delete ${contact ? contactName(contact) : "contact"} forever?`}
      description="Are you sure you want to permanently delete this contact? This action cannot be undone."
      confirmLabel="Delete Forever"
    />
  );
}
