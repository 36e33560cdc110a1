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

/** Where a trashed contact is restored: the Deleted Contacts dialog of this screen (its toolbar, or the phone's actions sheet). */
const RESTORED_FROM = "Deleted Contacts, on the Contacts screen";

/** Delete confirmation: 'Move to Trash?', and where the contact can be restored from. */
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
          <span>{canRestore ? `You can restore it later from ${RESTORED_FROM}.` : `An admin can restore it from ${RESTORED_FROM}.`}</span>
        </>
      }
      confirmLabel="Move to Trash"
      icon={Trash2}
    />
  );
}
