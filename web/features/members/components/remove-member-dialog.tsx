import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type Member, useMemberAccountDeleteMutation, useMemberRemoveMutation } from "../api";
import { RemovalModeOption } from "./removal-mode-option";

type RemovalMode = "remove" | "delete";

interface RemoveMemberDialogProps {
  organizationId: string;
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'User Removal Options': remove from this organization (default) or delete the account (spec section 4). */
export function RemoveMemberDialog({ organizationId, member, open, onOpenChange }: RemoveMemberDialogProps) {
  const deletion = member.abilities.deleteAccount;
  const [mode, setMode] = useState<RemovalMode>("remove");
  const removeMember = useMemberRemoveMutation(organizationId);
  const deleteAccount = useMemberAccountDeleteMutation(organizationId);
  const busy = removeMember.isPending || deleteAccount.isPending;

  function handleConfirm() {
    if (mode === "remove") {
      removeMember.mutate(member.id, {
        onSuccess: () => {
          toast.success("User removed from organization");
          onOpenChange(false);
        },
        onError: (error) => toast.error("Failed to remove user from organization", { description: error.message }),
      });
      return;
    }
    deleteAccount.mutate(member.id, {
      onSuccess: () => {
        toast.success("User account deleted");
        onOpenChange(false);
      },
      onError: (error) => toast.error("Failed to delete user account", { description: error.message }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>User Removal Options</DialogTitle>
          <DialogDescription>
            Choose how to remove <strong className="text-foreground">{member.name}</strong> ({member.email}).
          </DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-3" disabled={busy}>
          <legend className="sr-only">Removal type</legend>
          <RemovalModeOption
            id="removal-mode-remove"
            label="Remove from organization"
            checked={mode === "remove"}
            onSelect={() => setMode("remove")}
          >
            The user loses access to this organization. Their account stays, with any other organizations they belong to.
          </RemovalModeOption>
          <RemovalModeOption
            id="removal-mode-delete"
            label="Delete account"
            checked={mode === "delete"}
            disabled={!deletion.allowed}
            onSelect={() => setMode("delete")}
          >
            The user's account is deleted permanently and they can no longer sign in. This action cannot be undone.
            {!deletion.allowed && deletion.show && <span className="mt-1 block font-medium">{deletion.reason}</span>}
          </RemovalModeOption>
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={handleConfirm} disabled={busy}>
            {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {mode === "remove" ? (busy ? "Removing..." : "Remove User") : busy ? "Deleting..." : "Delete Account"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
