import { LoaderCircle, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

interface ConfirmDialogProps {
  open: boolean;
  /** Asked to close (Cancel, Escape, outside click); ignored while busy. */
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while busy, e.g. 'Deleting...'. */
  busyLabel?: string;
  busy?: boolean;
  icon?: LucideIcon;
}

/** A destructive confirmation (role alertdialog) with Cancel and one red button. */
export function ConfirmDialog({ open, onCancel, onConfirm, title, description, confirmLabel, busyLabel, busy = false, icon: Icon }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent role="alertdialog" showCloseButton={false} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words">{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : Icon && <Icon aria-hidden="true" />}
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
