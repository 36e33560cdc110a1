import type { GroupDialog } from "../lib/group-dialog";
import { AddMembersDialog } from "./add-members-dialog";
import { DeleteGroupDialog } from "./delete-group-dialog";
import { GroupFormDialog } from "./group-form-dialog";
import { GroupMembersDialog } from "./group-members-dialog";

interface GroupDialogsProps {
  orgId: string;
  dialog: GroupDialog;
  onChange: (dialog: GroupDialog) => void;
}

/** Mounts the open dialog only, so every opening starts fresh (form values, search, selection). */
export function GroupDialogs({ orgId, dialog, onChange }: GroupDialogsProps) {
  if (!dialog) return null;
  const shown = { open: true, onOpenChange: (open: boolean) => !open && onChange(null) };
  switch (dialog.kind) {
    case "form":
      return <GroupFormDialog key={dialog.group?.id ?? "new"} orgId={orgId} group={dialog.group} {...shown} />;
    case "delete":
      return <DeleteGroupDialog orgId={orgId} group={dialog.group} {...shown} />;
    case "add-members":
      return <AddMembersDialog orgId={orgId} group={dialog.group} {...shown} />;
    case "members":
      return (
        <GroupMembersDialog
          orgId={orgId}
          group={dialog.group}
          onAddMembers={() => onChange({ kind: "add-members", group: dialog.group })}
          {...shown}
        />
      );
  }
}
