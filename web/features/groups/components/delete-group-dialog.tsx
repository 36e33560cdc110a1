import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useGroupDeleteMutation } from "../api";
import type { Group } from "../types";

interface DeleteGroupDialogProps {
  orgId: string;
  group: Group;
  /** Closes the dialog and clears the selected group. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Are you sure?': on success close and clear the selection; on failure stay open (spec section 4). */
export function DeleteGroupDialog({ orgId, group, open, onOpenChange }: DeleteGroupDialogProps) {
  const deleteGroup = useGroupDeleteMutation(orgId);
  const busy = deleteGroup.isPending;

  function handleDelete() {
    deleteGroup.mutate(group.id, {
      onSuccess: () => {
        toast.success("Group deleted successfully");
        onOpenChange(false);
      },
      onError: (error) => toast.error("Failed to delete group", { description: error.message }),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={handleDelete}
      busy={busy}
      title="Are you sure?"
      description={`This will permanently delete the group "${group.name}". This action cannot be undone.`}
      confirmLabel="Delete"
    />
  );
}
