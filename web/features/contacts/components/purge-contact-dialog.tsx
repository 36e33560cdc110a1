import { ConfirmDialog } from "@/components/confirm-dialog";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

interface PurgeContactDialogProps {
  contact: Contact | null;
  onCancel: () => void;
  onConfirm: (contact: Contact) => void;
}

/** Confirmation before a permanent delete (spec section 2). */
export function PurgeContactDialog({ contact, onCancel, onConfirm }: PurgeContactDialogProps) {
  return (
    <ConfirmDialog
      open={contact !== null}
      onCancel={onCancel}
      onConfirm={() => contact && onConfirm(contact)}
      title={`Delete ${contact ? contactName(contact) : "contact"} forever?`}
      description="Are you sure you want to permanently delete this contact? This action cannot be undone."
      confirmLabel="Delete Forever"
    />
  );
}
