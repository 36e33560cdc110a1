import { Copy, RefreshCw, Search, UserPlus } from "lucide-react";
import { ActionsSheet } from "@/components/actions-sheet";
import type { Command } from "@/components/commands";
import { Toolbar } from "@/components/toolbar";

export interface UserManagementCommands {
  refreshing: boolean;
  onRefresh: () => void;
  /** Each is undefined when the signed-in user's role does not allow it (the entry is then hidden). */
  onViewDuplicates?: (() => void) | undefined;
  onSearch?: (() => void) | undefined;
  onAdd?: (() => void) | undefined;
}

function commandsFor(c: UserManagementCommands, phone: boolean): Command[] {
  const commands: Command[] = [{ label: phone ? "Refresh Users" : "Refresh", icon: RefreshCw, onSelect: c.onRefresh, busy: c.refreshing }];
  if (c.onViewDuplicates && !phone) commands.push({ label: "View Duplicates", icon: Copy, onSelect: c.onViewDuplicates });
  if (c.onSearch) commands.push({ label: "Search Users", icon: Search, onSelect: c.onSearch });
  if (c.onAdd) commands.push({ label: "Add User", icon: UserPlus, onSelect: c.onAdd, primary: true });
  return commands;
}

/** Desktop buttons: Refresh, View Duplicates, Search Users, Add User. */
export const UserManagementToolbar = (c: UserManagementCommands) => <Toolbar commands={commandsFor(c, false)} />;

/** Phone counterpart: a bottom sheet with Refresh Users, Search Users, Add User. */
export function UserActionsSheet(c: UserManagementCommands) {
  return (
    <ActionsSheet
      triggerLabel="User actions"
      title="User Actions"
      description="Manage the users of this organization."
      actions={commandsFor(c, true)}
    />
  );
}
