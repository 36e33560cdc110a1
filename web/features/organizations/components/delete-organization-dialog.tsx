import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { MeOrganization } from "@/features/auth/api";
import { useOrganizationDeleteMutation } from "../api";
import { reloadPageSoon } from "../lib/reload-page";

interface DeleteOrganizationDialogProps {
  /** The organization to delete; null keeps the dialog closed. */
  organization: MeOrganization | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteOrganizationDialog({ organization, onOpenChange }: DeleteOrganizationDialogProps) {
  const deleteOrganization = useOrganizationDeleteMutation();
  // Stays busy after success: the page reloads in a moment.
  const deleting = deleteOrganization.isPending || deleteOrganization.isSuccess;

  function handleDelete() {
    if (!organization) return;
    deleteOrganization.mutate(organization.id, {
      onSuccess: () => {
        toast.success("Organization deleted successfully");
        reloadPageSoon();
      },
      onError: (error) => toast.error("Failed to delete organization", { description: error.message }),
    });
  }

  return (
    <ConfirmDialog
      open={organization !== null}
      onOpenChange={onOpenChange}
      onConfirm={handleDelete}
      busy={deleting}
      title="Are you sure?"
      description={
        <>
          This will permanently delete the organization <strong className="text-foreground">{organization?.name}</strong> and all associated
          data. This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
    />
  );
}
