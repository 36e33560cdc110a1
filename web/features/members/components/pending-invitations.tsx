import { LoadMoreButton } from "@/components/load-more-button";
import { formatDistanceToNow } from "date-fns";
import { LoaderCircle, MailX } from "lucide-react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type Invitation, useInvitationWithdrawMutation, useInvitationsQuery } from "../api";
import { MEMBER_ROLE_LABELS } from "../lib/role-label";

/** People invited who have not answered yet: not members until they accept (docs/security.md). */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const invitations = useInvitationsQuery(organizationId);
  const withdraw = useInvitationWithdrawMutation(organizationId);
  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return null;

  function handleWithdraw(invitation: Invitation) {
    withdraw.mutate(invitation.id, {
      onSuccess: () => toast.success("Invitation withdrawn", { description: `${invitation.email} can no longer join with it.` }),
      onError: (error) => toast.error("Failed to withdraw the invitation", { description: error.message }),
    });
  }

  return (
    <section aria-labelledby="pending-invitations" className="mt-6 flex flex-col gap-3">
      <h2 id="pending-invitations" className="text-base font-semibold">
        Pending invitations
      </h2>
      <ul aria-label="Pending invitations" className="flex flex-col divide-y rounded-lg border bg-card">
        {items.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="flex min-w-0 flex-col gap-1">
              <p className="truncate text-sm font-medium">{invitation.email}</p>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <Badge variant="outline">Invited</Badge>
                <Badge variant="secondary">{MEMBER_ROLE_LABELS[invitation.role]}</Badge>
                Expires {formatDistanceToNow(new Date(invitation.expires_at), { addSuffix: true })}
              </span>
            </div>
            {invitation.canWithdraw && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Withdraw invitation to ${invitation.email}`}
                disabled={withdraw.isPending}
                onClick={() => handleWithdraw(invitation)}
              >
                {withdraw.isPending && withdraw.variables === invitation.id ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <MailX aria-hidden="true" />
                )}
                Withdraw
              </Button>
            )}
          </li>
        ))}
      </ul>
      <LoadMoreButton query={invitations} label="Load more invitations" />
    </section>
  );
}
