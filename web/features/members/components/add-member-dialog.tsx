import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { addMemberSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useMemberAddMutation } from "../api";
import { announceAddFailure, announceAddOutcome } from "../lib/announce-add-outcome";
import { MemberRoleSelect } from "./member-role-select";

type AddMemberValues = z.input<typeof addMemberSchema>;
type AddMemberOutput = z.output<typeof addMemberSchema>;

interface AddMemberDialogProps {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddMemberDialog({ organizationId, open, onOpenChange }: AddMemberDialogProps) {
  const addMember = useMemberAddMutation(organizationId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddMemberValues, unknown, AddMemberOutput>({
    resolver: zodResolver(addMemberSchema),
    defaultValues: { email: "", name: "", role: "staff" },
  });

  function handleAdd(values: AddMemberOutput) {
    addMember.mutate(values, {
      onSuccess: (result) => {
        announceAddOutcome(result);
        onOpenChange(false);
      },
      onError: (error) => announceAddFailure(error, "Failed to process user"),
    });
  }

  const saving = addMember.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !saving) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>
            Invite someone to this organization by e-mail. They join once they accept; someone new chooses a password from the invitation.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(handleAdd)} className="flex flex-col gap-4">
          <FormField id="add-member-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" autoFocus placeholder="user@example.com" disabled={saving} {...register("email")} />
          </FormField>
          <FormField id="add-member-name" label="Name" description="Optional" error={errors.name?.message}>
            <Input autoComplete="off" disabled={saving} {...register("name")} />
          </FormField>
          <FormField id="add-member-role" label="Role" error={errors.role?.message}>
            <MemberRoleSelect disabled={saving} {...register("role")} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {saving ? "Adding..." : "Add User"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
