import { formatDistanceToNow } from "date-fns";
import { Check, LoaderCircle, X } from "lucide-react";
import { ROLE_LABELS } from "@shared/permissions";
import { Button } from "@/components/ui/button";
import type { MyInvitation } from "../api";

interface InvitationCardProps {
  invitation: MyInvitation;
  busy: "accept" | "decline" | null;
  onAccept: () => void;
  onDecline: () => void;
}

export function InvitationCard({ invitation, busy, onAccept, onDecline }: InvitationCardProps) {
  const name = invitation.organization.name;
  return (
    <li
      aria-label={`Invitation to ${name}`}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">
          {invitation.invited_by ? `${invitation.invited_by} invited you` : "You were invited"} as {ROLE_LABELS[invitation.role]}. Expires{" "}
          {formatDistanceToNow(new Date(invitation.expires_at), { addSuffix: true })}.
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" onClick={onDecline} disabled={busy !== null} aria-label={`Decline invitation to ${name}`}>
          {busy === "decline" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <X aria-hidden="true" />}
          Decline
        </Button>
        <Button onClick={onAccept} disabled={busy !== null} aria-label={`Accept invitation to ${name}`}>
          {busy === "accept" ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
          Accept
        </Button>
      </div>
    </li>
  );
}
