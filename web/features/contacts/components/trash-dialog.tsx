import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

interface TrashDialogProps {
  /** The contact to move to the trash; null keeps the dialog closed. */
  contact: Contact | null;
  /** Admins are told where to restore it; staff that an admin can. */
  canRestore: boolean;
  onCancel: () => void;
  onConfirm: (contact: Contact) => void;
}

/** Delete confirmation: 'Move to Trash?' (the contact can be restored from the Deleted Contacts dialog). */
export function TrashDialog({ contact, canRestore, onCancel, onConfirm }: TrashDialogProps) {
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent role="alertdialog" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Move to Trash?</DialogTitle>
          <DialogDescription>
            {contact && <strong className="text-foreground">{contactName(contact)}</strong>} will be moved to the trash.{" "}
            <span>{canRestore ? "You can restore it later from the admin panel" : "An admin can restore it if needed."}</span>
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => contact && onConfirm(contact)}>
            <Trash2 aria-hidden="true" />
            Move to Trash
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
