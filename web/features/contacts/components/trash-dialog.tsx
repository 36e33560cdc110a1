import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

interface TrashDialogProps {
  /** The contact to move to the trash; null keeps the dialog closed. */
  contact: Contact | null;
  /** Admins are told where to restore it; staff that an admin can. */
  canRestore: boolean;
  /** Asked to close (Cancel, Escape): the caller clears the contact. */
  onOpenChange: (open: boolean) => void;
  onConfirm: (contact: Contact) => void;
}

/** Delete confirmation: 'Move to Trash?' (the contact can be restored from the Deleted Contacts dialog). */
export function TrashDialog({ contact, canRestore, onOpenChange, onConfirm }: TrashDialogProps) {
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      onConfirm={() => contact && onConfirm(contact)}
      title="Move to Trash?"
      description={
        <>
          {contact && <strong className="text-foreground">{contactName(contact)}</strong>} will be moved to the trash.{" "}
          <span>{canRestore ? "You can restore it later from the admin panel" : "An admin can restore it if needed."}</span>
        </>
      }
      confirmLabel="Move to Trash"
      icon={Trash2}
    />
  );
}
