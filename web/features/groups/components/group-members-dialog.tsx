import { AlertCircle, UserPlus } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useGroupMemberRemoveMutation, useGroupMembersAddMutation, useGroupMembersQuery } from "../api";
import { useLoadErrorToast } from "../hooks/use-load-error-toast";
import type { Group, GroupMember } from "../types";
import { GroupMembersTable } from "./group-members-table";
import { LoadMoreButton } from "@/components/load-more-button";

interface GroupMembersDialogProps {
  orgId: string;
  group: Group;
  onAddMembers: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Members of {group}': the group's contacts, newest first, each with a remove button. */
export function GroupMembersDialog({ orgId, group, onAddMembers, open, onOpenChange }: GroupMembersDialogProps) {
  const members = useGroupMembersQuery(orgId, group.id);
  const removeMember = useGroupMemberRemoveMutation(orgId);
  const addBack = useGroupMembersAddMutation(orgId);
  useLoadErrorToast(members, "Failed to load group members", "group-members-load-failed");
  const removingId = removeMember.isPending ? (removeMember.variables?.contactId ?? null) : null;

  function handleRemove(member: GroupMember) {
    removeMember.mutate(
      { groupId: group.id, contactId: member.contact_id },
      {
        onSuccess: () =>
          toast.success("Member removed from group", {
            duration: 10_000,
            action: {
              label: "Undo",
              onClick: () =>
                addBack.mutate(
                  { groupId: group.id, contactIds: [member.contact_id] },
                  {
                    onSuccess: () => toast.success("Member added back to the group"),
                    onError: (error) => toast.error("Failed to add the member back", { description: error.message }),
                  },
                ),
            },
          }),
        onError: (error) => toast.error("Failed to remove member", { description: error.message }),
      },
    );
  }

  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words pr-6">Members of {group.name}</DialogTitle>
          <DialogDescription>Removing a contact from the group keeps the contact in your contact book.</DialogDescription>
        </DialogHeader>
        <Button variant="outline" size="sm" className="self-start" onClick={onAddMembers}>
          <UserPlus aria-hidden="true" />
          Add Members
        </Button>
        {members.isPending ? (
          <Spinner label="Loading group members" className="mx-auto my-6 size-6 text-muted-foreground" />
        ) : !members.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <AlertCircle aria-hidden="true" className="size-6 text-destructive" />
            <p className="text-sm text-destructive">The members of this group could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void members.refetch()} disabled={members.isFetching}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-muted-foreground">No members in this group</p>
          </div>
        ) : (
          <div className="flex min-w-0 flex-col gap-3">
            <GroupMembersTable members={items} removingId={removingId} onRemove={handleRemove} />
            <LoadMoreButton query={members} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
