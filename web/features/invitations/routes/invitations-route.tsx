import { MailOpen } from "lucide-react";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { storeCurrentOrganization } from "@/features/organizations/api";
import { type MyInvitation, useAcceptInvitationMutation, useDeclineInvitationMutation, useMyInvitationsQuery } from "../api";
import { InvitationCard } from "../components/invitation-card";

/** Where a person answers the invitations sent to them (the invitation e-mail links here). */
export function InvitationsRoute() {
  const invitations = useMyInvitationsQuery();
  const accept = useAcceptInvitationMutation();
  const decline = useDeclineInvitationMutation();

  function busyFor(invitation: MyInvitation) {
    if (accept.isPending && accept.variables === invitation.id) return "accept" as const;
    if (decline.isPending && decline.variables === invitation.id) return "decline" as const;
    return null;
  }

  function handleAccept(invitation: MyInvitation) {
    accept.mutate(invitation.id, {
      onSuccess: () => {
        storeCurrentOrganization(invitation.organization);
        toast.success(`You joined ${invitation.organization.name}`, { description: `Switched to ${invitation.organization.name}.` });
      },
      onError: (error) => toast.error("Failed to accept the invitation", { description: error.message }),
    });
  }

  function handleDecline(invitation: MyInvitation) {
    decline.mutate(invitation.id, {
      onSuccess: () => toast.success("Invitation declined"),
      onError: (error) => toast.error("Failed to decline the invitation", { description: error.message }),
    });
  }

  return (
    <>
      <PageHeader title="Invitations" description="Organizations that invited you. You join one only when you accept." />
      {invitations.isPending ? (
        <PageSpinner label="Loading invitations" />
      ) : invitations.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load invitations. Please try again.
        </p>
      ) : invitations.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <MailOpen aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">No pending invitations</p>
        </div>
      ) : (
        <ul aria-label="Pending invitations" className="flex flex-col gap-3">
          {invitations.data.map((invitation) => (
            <InvitationCard
              key={invitation.id}
              invitation={invitation}
              busy={busyFor(invitation)}
              onAccept={() => handleAccept(invitation)}
              onDecline={() => handleDecline(invitation)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
