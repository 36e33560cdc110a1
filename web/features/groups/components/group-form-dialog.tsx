import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { groupSchema } from "@shared/group-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useUnsavedForm } from "@/hooks/use-unsaved-form";
import { useGroupCreateMutation, useGroupUpdateMutation } from "../api";
import type { Group } from "../types";

type GroupValues = z.input<typeof groupSchema>;
type GroupOutput = z.output<typeof groupSchema>;

const textareaClass =
  "flex min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

interface GroupFormDialogProps {
  orgId: string;
  /** The group to edit, or null to add one. */
  group: Group | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add New Group' / 'Edit Group'; closes only when the save succeeds (spec section 4). */
export function GroupFormDialog({ orgId, group, open, onOpenChange }: GroupFormDialogProps) {
  const createGroup = useGroupCreateMutation(orgId);
  const updateGroup = useGroupUpdateMutation(orgId);
  const saving = createGroup.isPending || updateGroup.isPending;
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<GroupValues, unknown, GroupOutput>({
    resolver: zodResolver(groupSchema),
    defaultValues: { name: group?.name ?? "", description: group?.description ?? "" },
  });
  useUnsavedForm(isDirty && !saving);

  function handleSave(values: GroupOutput) {
    const options = {
      onSuccess: () => {
        toast.success(group ? "Group updated successfully" : "Group created successfully");
        onOpenChange(false);
      },
      onError: (error: Error) => toast.error("Failed to save group", { description: error.message }),
    };
    if (group) updateGroup.mutate({ id: group.id, ...values }, options);
    else createGroup.mutate(values, options);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !saving) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{group ? "Edit Group" : "Add New Group"}</DialogTitle>
          <DialogDescription>
            {group ? "Change the group's name or description." : "Groups let you organize the contacts of this organization."}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(handleSave)} className="flex flex-col gap-4">
          <FormField id="group-name" label="Group Name" error={errors.name?.message}>
            <Input autoComplete="off" autoFocus maxLength={100} aria-required="true" disabled={saving} {...register("name")} />
          </FormField>
          <FormField id="group-description" label="Description" error={errors.description?.message}>
            <textarea rows={3} maxLength={1000} className={textareaClass} disabled={saving} {...register("description")} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Save Group
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
