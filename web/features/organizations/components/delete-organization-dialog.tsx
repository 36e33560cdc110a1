import { LoaderCircle } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open={organization !== null} onOpenChange={(open) => !deleting && onOpenChange(open)}>
      <DialogContent role="alertdialog" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription>
            This will permanently delete the organization <strong className="text-foreground">{organization?.name}</strong> and all associated data. This action
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={handleDelete} disabled={deleting}>
            {deleting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {deleting ? "Deleting..." : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
