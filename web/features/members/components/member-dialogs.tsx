import type { MemberDialog } from "../lib/member-dialog";
import { AddMemberDialog } from "./add-member-dialog";
import { LazyDuplicateContactsDialog } from "@/features/contacts/api";
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
  const shown = { open: true, onOpenChange: (open: boolean) => !open && onClose() };
  switch (dialog.kind) {
    case "add":
      return <AddMemberDialog organizationId={organizationId} {...shown} />;
    case "search":
      return <SearchUsersDialog organizationId={organizationId} {...shown} />;
    case "duplicates":
      return <LazyDuplicateContactsDialog {...shown} />;
    case "edit":
      return <EditMemberDialog organizationId={organizationId} member={dialog.member} {...shown} />;
    case "reset":
      return <ResetPasswordDialog organizationId={organizationId} member={dialog.member} {...shown} />;
    case "remove":
      return <RemoveMemberDialog organizationId={organizationId} member={dialog.member} {...shown} />;
  }
}
