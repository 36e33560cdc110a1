import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LazyCreateOrganizationForm } from "./create-organization-form-lazy";

interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Organization</DialogTitle>
          <DialogDescription>You will be the owner of the new organization.</DialogDescription>
        </DialogHeader>
        <LazyCreateOrganizationForm onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
