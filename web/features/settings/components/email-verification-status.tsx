import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useEmailConfirmationMutation } from "../api";

/** The e-mail's status; an unconfirmed address can ask for a confirmation link. */
export function EmailVerificationStatus({ verified }: { verified: boolean }) {
  const send = useEmailConfirmationMutation();
  if (verified) return <Badge>Verified</Badge>;
  const handleSend = () =>
    send.mutate(undefined, {
      onSuccess: () =>
        toast.success("Confirmation email sent", { description: "Check your inbox and click the link to confirm your address." }),
      onError: (error) => toast.error("Error", { description: error.message }),
    });
  return (
    <div className="flex items-center gap-2">
      <Badge variant="secondary">Not verified</Badge>
      <Button size="sm" variant="outline" onClick={handleSend} disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send confirmation email"}
      </Button>
    </div>
  );
}
