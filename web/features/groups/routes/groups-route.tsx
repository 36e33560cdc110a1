import { useState } from "react";
import { toast } from "@/lib/toast";
import { PageHeader } from "@/components/page-header";
import { useMeQuery } from "@/features/auth/api";
import { useCurrentOrganization } from "@/features/organizations/api";
import { useGroupsQuery } from "../api";
import { GroupDialogs } from "../components/group-dialogs";
import { GroupsCard } from "../components/groups-card";
import { type GroupAction, type GroupDialog } from "../lib/group-dialog";
import { NO_ORGANIZATION_MESSAGE } from "../lib/group-messages";
import type { Group } from "../types";

const ACTION_DIALOGS: Record<GroupAction, (group: Group) => NonNullable<GroupDialog>> = {
  edit: (group) => ({ kind: "form", group }),
  "add-members": (group) => ({ kind: "add-members", group }),
  members: (group) => ({ kind: "members", group }),
  delete: (group) => ({ kind: "delete", group }),
};

/** Groups (/groups): the organization's groups, with dialogs to edit them and their members. */
export function GroupsRoute() {
  const me = useMeQuery();
  const { current } = useCurrentOrganization();
  const orgId = current?.id ?? null;
  const groups = useGroupsQuery(orgId);
  // An open dialog belongs to the organization it was opened in: after a switch it is no longer shown.
  const [opened, setOpened] = useState<{ orgId: string | null; dialog: GroupDialog }>({ orgId: null, dialog: null });
  const dialog = opened.orgId === orgId ? opened.dialog : null;
  const setDialog = (next: GroupDialog) => setOpened({ orgId, dialog: next });

  // Spec section 8: every group write needs a current organization.
  function open(next: NonNullable<GroupDialog>) {
    if (orgId) setDialog(next);
    else toast.error(NO_ORGANIZATION_MESSAGE);
  }

  return (
    <>
      <PageHeader
        title="Groups"
        description={
          current ? (
            <>
              Organize the contacts of <span className="font-medium text-foreground">{current.name}</span> into groups
            </>
          ) : (
            "Organize your contacts into groups"
          )
        }
      />
      <GroupsCard
        groups={groups}
        hasOrganization={orgId !== null}
        pending={me.isPending}
        onAdd={() => open({ kind: "form", group: null })}
        onAction={(action, group) => open(ACTION_DIALOGS[action](group))}
      />
      {orgId && <GroupDialogs orgId={orgId} dialog={dialog} onChange={setDialog} />}
    </>
  );
}
