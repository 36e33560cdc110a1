import { LoaderCircle } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type Member, useMemberPasswordResetMutation } from "../api";
import { TemporaryPassword } from "./temporary-password";

interface ResetPasswordDialogProps {
  organizationId: string;
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Confirm, then show the new temporary password once (spec section 4: password reset by admin). */
export function ResetPasswordDialog({ organizationId, member, open, onOpenChange }: ResetPasswordDialogProps) {
  const resetPassword = useMemberPasswordResetMutation(organizationId);
  const busy = resetPassword.isPending;
  const temporaryPassword = resetPassword.data?.temporaryPassword;

  function handleReset() {
    resetPassword.mutate(member.id, {
      onSuccess: () => toast.success("Password reset successfully", { description: `A temporary password was set for ${member.email}.` }),
      onError: (error) => toast.error("Failed to reset password", { description: error.message }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset User Password</DialogTitle>
          <DialogDescription>
            {temporaryPassword
              ? `The password of ${member.email} was reset.`
              : `Set a new temporary password for ${member.email}? Their current password stops working and they are signed out everywhere.`}
          </DialogDescription>
        </DialogHeader>
        {temporaryPassword ? (
          <>
            <TemporaryPassword password={temporaryPassword}>
              Give this temporary password to <strong className="text-foreground">{member.email}</strong>. They must sign in with it; all of
              their sessions were ended.
            </TemporaryPassword>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={handleReset} disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {busy ? "Resetting..." : "Reset Password"}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
