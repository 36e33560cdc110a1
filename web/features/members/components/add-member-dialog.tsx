import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
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
import { TemporaryPassword } from "./temporary-password";

type AddMemberValues = z.input<typeof addMemberSchema>;
type AddMemberOutput = z.output<typeof addMemberSchema>;

interface AddMemberDialogProps {
  organizationId: string;
  onClose: () => void;
}

export function AddMemberDialog({ organizationId, onClose }: AddMemberDialogProps) {
  const addMember = useMemberAddMutation(organizationId);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
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
        // The mail could not go out: the admin hands the temporary password over instead.
        if (result.outcome === "created" && result.temporaryPassword) {
          setCreated({ email: result.member.email, password: result.temporaryPassword });
        } else onClose();
      },
      onError: (error) => announceAddFailure(error, "Failed to process user"),
    });
  }

  const saving = addMember.isPending;

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? "User Created" : "Add User"}</DialogTitle>
          <DialogDescription>
            {created
              ? "The invitation e-mail could not be sent."
              : "Add someone to this organization. New users receive an invitation e-mail."}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            <TemporaryPassword password={created.password}>
              Give this temporary password to <strong className="text-foreground">{created.email}</strong>. They
              sign in with it and can then change it in Settings.
            </TemporaryPassword>
            <DialogFooter>
              <Button onClick={onClose}>Done</Button>
            </DialogFooter>
          </>
        ) : (
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
              <Button variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                {saving ? "Adding..." : "Add User"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
