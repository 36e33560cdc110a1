import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { RequestResetLinkForm } from "./request-reset-link-form";

/** "Forgot password?" with no usable address typed: asks for one. Loaded when first needed. */
export function ResetRequestDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter the e-mail address of your account; we will send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <RequestResetLinkForm onSent={onClose} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
