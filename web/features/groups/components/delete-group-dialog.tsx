import { LoaderCircle } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useGroupDeleteMutation } from "../api";
import type { Group } from "../types";

interface DeleteGroupDialogProps {
  orgId: string;
  group: Group;
  /** Closes the dialog and clears the selected group. */
  onClose: () => void;
}

/** 'Are you sure?': on success close and clear the selection; on failure stay open (spec section 4). */
export function DeleteGroupDialog({ orgId, group, onClose }: DeleteGroupDialogProps) {
  const deleteGroup = useGroupDeleteMutation(orgId);
  const busy = deleteGroup.isPending;

  function handleDelete() {
    deleteGroup.mutate(group.id, {
      onSuccess: () => {
        toast.success("Group deleted successfully");
        onClose();
      },
      onError: (error) => toast.error("Failed to delete group", { description: error.message }),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog" showCloseButton={false} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription className="break-words">
            This will permanently delete the group "{group.name}". This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={handleDelete} disabled={busy}>
            {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
