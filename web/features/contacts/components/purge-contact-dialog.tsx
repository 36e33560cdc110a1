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

interface PurgeContactDialogProps {
  contact: Contact | null;
  onCancel: () => void;
  onConfirm: (contact: Contact) => void;
}

/** Confirmation before a permanent delete (spec section 2). */
export function PurgeContactDialog({ contact, onCancel, onConfirm }: PurgeContactDialogProps) {
  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent role="alertdialog" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Delete {contact ? contactName(contact) : "contact"} forever?</DialogTitle>
          <DialogDescription>
            Are you sure you want to permanently delete this contact? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => contact && onConfirm(contact)}>
            Delete Forever
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
