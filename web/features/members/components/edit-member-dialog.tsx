import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { addMemberSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { type Member, useMemberUpdateMutation } from "../api";

// Same name rule as adding a user: optional, at least 2 characters when given (spec section 5).
const editMemberSchema = addMemberSchema.pick({ name: true });
type EditMemberValues = z.input<typeof editMemberSchema>;
type EditMemberOutput = z.output<typeof editMemberSchema>;

interface EditMemberDialogProps {
  organizationId: string;
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditMemberDialog({ organizationId, member, open, onOpenChange }: EditMemberDialogProps) {
  const updateMember = useMemberUpdateMutation(organizationId);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<EditMemberValues, unknown, EditMemberOutput>({
    resolver: zodResolver(editMemberSchema),
    defaultValues: { name: member.name },
  });

  function handleSave({ name }: EditMemberOutput) {
    // A cleared name is "no change": the server keeps the current one.
    if (name === undefined || name === member.name) {
      onOpenChange(false);
      return;
    }
    updateMember.mutate(
      { userId: member.id, name },
      {
        onSuccess: () => {
          toast.success("User updated successfully");
          onOpenChange(false);
        },
        onError: (error) => toast.error("Failed to update user profile", { description: error.message }),
      },
    );
  }

  const saving = updateMember.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !saving) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Update the user's name. The e-mail address cannot be changed.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(handleSave)} className="flex flex-col gap-4">
          <FormField id="edit-member-email" label="Email">
            <Input type="email" value={member.email} disabled readOnly />
          </FormField>
          <FormField id="edit-member-name" label="Name" error={errors.name?.message}>
            <Input autoComplete="off" autoFocus disabled={saving} {...register("name")} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving || !isDirty}>
              {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {saving ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
