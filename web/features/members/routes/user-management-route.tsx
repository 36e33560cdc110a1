import { UserPlus } from "lucide-react";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { roleAllows } from "@shared/permissions";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useMeQuery } from "@/features/auth/api";
import { LazyOrganizationSettingsCard, useCurrentOrganization } from "@/features/organizations/api";
import { matrixRole } from "@shared/policy/can";
import { useMediaQuery } from "@/hooks/use-media-query";
import { type Member, useMemberResetEmailMutation, useMembersQuery } from "../api";
import { MemberDialogs } from "../components/member-dialogs";
import { MembersPanel } from "../components/members-panel";
import { PendingInvitations } from "../components/pending-invitations";

import { UserActionsSheet, type UserManagementCommands, UserManagementToolbar } from "../components/user-actions-sheet";
import { useMemberRoleChange } from "../hooks/use-member-role-change";
import type { MemberAction, MemberDialog } from "../lib/member-dialog";
import { NoOrganizationAlert } from "@/components/no-organization-alert";

export function UserManagementRoute() {
  const me = useMeQuery();
  const { current } = useCurrentOrganization();
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const [dialog, setDialog] = useState<MemberDialog>(null);
  const organizationId = current?.id ?? null;
  const actorRole = current ? matrixRole(current) : "staff";
  const actorUserId = me.data?.user.id ?? "";
  const members = useMembersQuery(organizationId);
  const changeRole = useMemberRoleChange(organizationId);
  const resetEmail = useMemberResetEmailMutation(organizationId ?? "");

  // Spec section 5: every action needs a selected organization.
  function open(next: NonNullable<MemberDialog>) {
    if (!organizationId) toast.error("No organization selected");
    else setDialog(next);
  }

  function handleMemberAction(action: MemberAction, member: Member) {
    if (action === "role") changeRole(member);
    else if (action === "resetEmail") {
      resetEmail.mutate(member.id, {
        onSuccess: () =>
          toast.success("Password reset email sent", { description: `A link to choose a new password was sent to ${member.email}.` }),
        onError: (error) => toast.error("Failed to reset password", { description: error.message }),
      });
    } else open({ kind: action, member });
  }

  const canAdd = roleAllows(actorRole, "members.add");
  const commands: UserManagementCommands = {
    refreshing: members.isRefetching,
    onRefresh: () => (organizationId ? void members.refetch() : toast.error("No organization selected")),
    onViewDuplicates: roleAllows(actorRole, "contacts.duplicates") ? () => open({ kind: "duplicates" }) : undefined,
    onSearch: canAdd ? () => open({ kind: "search" }) : undefined,
    onAdd: canAdd ? () => open({ kind: "add" }) : undefined,
  };

  return (
    <>
      <PageHeader
        title="User Management"
        description={
          current ? (
            <>
              Manage the users of <span className="font-medium text-foreground">{current.name}</span>
            </>
          ) : undefined
        }
        actions={isDesktop ? <UserManagementToolbar {...commands} /> : <UserActionsSheet {...commands} />}
        className="max-sm:flex-row max-sm:items-start max-sm:justify-between"
      />
      {organizationId ? (
        <>
          <MembersPanel members={members} actorUserId={actorUserId} onAction={handleMemberAction} />
          <PendingInvitations organizationId={organizationId} />
          {current && roleAllows(actorRole, "organization.settings") && <LazyOrganizationSettingsCard organization={current} />}
        </>
      ) : (
        <NoOrganizationAlert description="Select or create an organization to manage its users." />
      )}
      {!isDesktop && commands.onAdd && (
        <Button
          size="icon"
          aria-label="Add User"
          onClick={commands.onAdd}
          className="fixed right-4 bottom-20 z-20 size-14 rounded-full shadow-lg"
        >
          <UserPlus aria-hidden="true" className="size-6" />
        </Button>
      )}
      {organizationId && <MemberDialogs organizationId={organizationId} dialog={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
