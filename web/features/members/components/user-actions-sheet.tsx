import { RefreshCw, Search, UserPlus } from "lucide-react";
import { ActionsSheet, type SheetAction } from "@/components/actions-sheet";
import type { UserManagementCommands } from "./user-management-toolbar";

/** Phone counterpart of the toolbar: a bottom sheet with Refresh Users, Search Users, Add User. */
export function UserActionsSheet({ refreshing, onRefresh, onSearch, onAdd }: UserManagementCommands) {
  const actions: SheetAction[] = [{ label: "Refresh Users", icon: RefreshCw, onSelect: onRefresh, disabled: refreshing }];
  if (onSearch) actions.push({ label: "Search Users", icon: Search, onSelect: onSearch });
  if (onAdd) actions.push({ label: "Add User", icon: UserPlus, onSelect: onAdd, primary: true });
  return (
    <ActionsSheet triggerLabel="User actions" title="User Actions" description="Manage the users of this organization." actions={actions} />
  );
}
