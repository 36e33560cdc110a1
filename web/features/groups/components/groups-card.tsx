import { AlertCircle, Building2, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { type useGroupsQuery } from "../api";
import { useLoadErrorToast } from "../hooks/use-load-error-toast";
import type { GroupAction } from "../lib/group-dialog";
import type { Group } from "../types";
import { GroupsEmptyState } from "./groups-empty-state";
import { GroupsSkeleton } from "./groups-skeleton";
import { GroupsTable } from "./groups-table";
import { LoadMoreButton } from "@/components/load-more-button";

interface GroupsCardProps {
  groups: ReturnType<typeof useGroupsQuery>;
  /** False while no organization is selected. */
  hasOrganization: boolean;
  /** The session is still loading, so whether there is an organization is not known yet. */
  pending: boolean;
  onAdd: () => void;
  onAction: (action: GroupAction, group: Group) => void;
}

/** The 'Groups' card: Add Group, then the loading, error, no-organization, empty or table state. */
export function GroupsCard({ groups, hasOrganization, pending, onAdd, onAction }: GroupsCardProps) {
  useLoadErrorToast(groups, "Failed to load groups", "groups-load-failed");

  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="text-lg">Groups</CardTitle>
        <Button onClick={onAdd} disabled={!hasOrganization}>
          <Plus aria-hidden="true" />
          Add Group
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 max-sm:px-3">
        <GroupsCardBody groups={groups} hasOrganization={hasOrganization} pending={pending} onAdd={onAdd} onAction={onAction} />
      </CardContent>
    </Card>
  );
}

function GroupsCardBody({ groups, hasOrganization, pending, onAdd, onAction }: GroupsCardProps) {
  if (pending) return <GroupsSkeleton />;
  if (!hasOrganization) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
        <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">No organization selected</p>
        <p className="text-sm text-muted-foreground">Please select an organization to manage groups</p>
      </div>
    );
  }
  // Offline, a list never loaded on this device waits for the network: say so instead of loading forever.
  if (groups.isPending && groups.isPaused) {
    return (
      <p role="status" className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
        The groups were not loaded before the connection was lost. They will show when the connection returns.
      </p>
    );
  }
  if (groups.isPending) return <GroupsSkeleton />;
  // A failed refetch keeps the rows already shown (the toast reports it); only a first load shows the error state.
  if (!groups.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-destructive/40 p-8 text-center">
        <AlertCircle aria-hidden="true" className="size-8 text-destructive" />
        <p className="text-sm text-destructive">Error loading groups. Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void groups.refetch()} disabled={groups.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  const items = groups.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <GroupsEmptyState onCreate={onAdd} />;
  return (
    <>
      <GroupsTable groups={items} onAction={onAction} />
      <LoadMoreButton query={groups} />
    </>
  );
}
