import type { MemberDialog } from "../lib/member-dialog";
import { AddMemberDialog } from "./add-member-dialog";
import { DuplicateContactsDialog } from "@/features/contacts/components/duplicate-contacts-dialog";
import { EditMemberDialog } from "./edit-member-dialog";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { SearchUsersDialog } from "./search-users-dialog";

interface MemberDialogsProps {
  organizationId: string;
  dialog: MemberDialog;
  onClose: () => void;
}

/** Mounts the open dialog only, so every opening starts from a fresh form. */
export function MemberDialogs({ organizationId, dialog, onClose }: MemberDialogsProps) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case "add":
      return <AddMemberDialog organizationId={organizationId} onClose={onClose} />;
    case "search":
      return <SearchUsersDialog organizationId={organizationId} onClose={onClose} />;
    case "duplicates":
      return <DuplicateContactsDialog open onOpenChange={(open) => !open && onClose()} />;
    case "edit":
      return <EditMemberDialog organizationId={organizationId} member={dialog.member} onClose={onClose} />;
    case "reset":
      return <ResetPasswordDialog organizationId={organizationId} member={dialog.member} onClose={onClose} />;
    case "remove":
      return <RemoveMemberDialog organizationId={organizationId} member={dialog.member} onClose={onClose} />;
  }
}
