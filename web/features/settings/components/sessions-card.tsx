import { format, formatDistanceToNow } from "date-fns";
import { LogOut, Monitor } from "lucide-react";
import { useState } from "react";
import { describeUserAgent } from "@shared/user-agent";
import type { SessionSummary } from "@shared/session-types";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getErrorMessage as errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useRevokeOtherSessionsMutation, useSessionRevokeMutation, useSessionsQuery } from "../api";

/**
 * Settings > Security > Where you're signed in: every browser with a live session of this account.
 * Signing one out stops it at its next request; this browser signs out from the menu instead.
 */
export function SessionsCard() {
  const sessions = useSessionsQuery();
  const revoke = useSessionRevokeMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();
  const [revoking, setRevoking] = useState<{ id: string; label: string } | null>(null);
  const [confirmOthers, setConfirmOthers] = useState(false);

  function handleRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success("Signed out", { description: `${revoking.label} is no longer signed in.` });
        setRevoking(null);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  function handleRevokeOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        toast.success("Signed out everywhere else", {
          description: revoked === 1 ? "1 other session was signed out." : `${revoked} other sessions were signed out.`,
        });
        setConfirmOthers(false);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you're signed in</CardTitle>
        <CardDescription>Browsers signed in to your account. Sign out any you don't recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? (
          <p className="text-sm text-muted-foreground">Loading sessions...</p>
        ) : sessions.isError ? (
          <p className="text-sm text-destructive">Could not load your sessions. {errorMessage(sessions.error)}</p>
        ) : (
          <ul aria-label="Sessions" className="flex flex-col divide-y rounded-md border">
            {items.map((item) => (
              <SessionRow key={item.id} session={item} onSignOut={(label) => setRevoking({ id: item.id, label })} />
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" disabled={others === 0 || revokeOthers.isPending} onClick={() => setConfirmOthers(true)}>
            <LogOut aria-hidden="true" />
            Sign out everywhere else
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={handleRevoke}
        title="Sign out this session?"
        description={`${revoking?.label ?? ""} will be signed out at once and has to sign in again.`}
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        busy={revoke.isPending}
        icon={LogOut}
      />
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        onConfirm={handleRevokeOthers}
        title="Sign out everywhere else?"
        description="Every other browser signed in to your account will be signed out at once. This one stays signed in."
        confirmLabel="Sign out everywhere else"
        busyLabel="Signing out..."
        busy={revokeOthers.isPending}
        icon={LogOut}
      />
    </Card>
  );
}

function SessionRow({ session, onSignOut }: { session: SessionSummary; onSignOut: (label: string) => void }) {
  const device = describeUserAgent(session.userAgent).label;
  const label = `${device}${session.ip ? ` (${session.ip})` : ""}`;
  const firstSeen = new Date(session.createdAt);
  const lastSeen = new Date(session.lastActiveAt);
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2" aria-label={label}>
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="truncate">{device}</span>
            {session.current && <Badge variant="secondary">This device</Badge>}
          </p>
          <p className="text-xs text-muted-foreground">{session.ip ?? "Unknown address"}</p>
          <p className="text-xs text-muted-foreground">
            <span title={format(firstSeen, "PPpp")}>Signed in {formatDistanceToNow(firstSeen, { addSuffix: true })}</span> ·{" "}
            <span title={format(lastSeen, "PPpp")}>
              {session.current ? "Active now" : `Last seen ${formatDistanceToNow(lastSeen, { addSuffix: true })}`}
            </span>
          </p>
        </div>
      </div>
      {!session.current && (
        <Button size="sm" variant="outline" aria-label={`Sign out ${label}`} onClick={() => onSignOut(label)}>
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      )}
    </li>
  );
}
