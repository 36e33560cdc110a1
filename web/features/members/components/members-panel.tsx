import { LoadMoreButton } from "@/components/load-more-button";
import { AlertCircle, Users } from "lucide-react";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useMediaQuery } from "@/hooks/use-media-query";
import type { Member, useMembersQuery } from "../api";
import type { MemberAction } from "../lib/member-dialog";
import { MembersCardList } from "./members-card-list";
import { MembersTable } from "./members-table";

interface MembersPanelProps {
  members: ReturnType<typeof useMembersQuery>;
  actorUserId: string;
  onAction: (action: MemberAction, member: Member) => void;
}

/** Loading, failure, empty and list states of the users list; table from md up, cards below. */
export function MembersPanel({ members, actorUserId, onAction }: MembersPanelProps) {
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];

  // One toast per failed load (spec section 8); the inline alert stays until a retry succeeds.
  const failedAt = members.isError ? members.errorUpdatedAt : 0;
  useEffect(() => {
    // A fixed id: a second run of the effect (StrictMode) updates the same toast instead of stacking one.
    if (failedAt) toast.error("Failed to load users", { id: "members-load-failed" });
  }, [failedAt]);

  if (members.isPending) return <PageSpinner label="Loading users" />;
  if (members.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Could not load the users of this organization</AlertTitle>
        <AlertDescription>
          <p>{members.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
        <Users aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">No users found for this organization. Add a user to get started.</p>
      </div>
    );
  }

  const onRefresh = () => void members.refetch();
  return (
    <div className="flex flex-col gap-4">
      {isDesktop ? (
        <MembersTable members={items} onAction={onAction} />
      ) : (
        <MembersCardList
          members={items}
          actorUserId={actorUserId}
          refreshing={members.isRefetching}
          onRefresh={onRefresh}
          onAction={onAction}
        />
      )}
      <LoadMoreButton query={members} label="Load more users" />
    </div>
  );
}
