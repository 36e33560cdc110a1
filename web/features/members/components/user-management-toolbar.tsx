import { Copy, RefreshCw, Search, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface UserManagementCommands {
  refreshing: boolean;
  onRefresh: () => void;
  /** Each is undefined when the signed-in user's role does not allow it (the button is then hidden). */
  onViewDuplicates?: () => void;
  onSearch?: () => void;
  onAdd?: () => void;
}

/** Desktop buttons: Refresh, View Duplicates, Search Users, Add User. */
export function UserManagementToolbar({ refreshing, onRefresh, onViewDuplicates, onSearch, onAdd }: UserManagementCommands) {
  return (
    <>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
        Refresh
      </Button>
      {onViewDuplicates && (
        <Button variant="outline" onClick={onViewDuplicates}>
          <Copy aria-hidden="true" />
          View Duplicates
        </Button>
      )}
      {onSearch && (
        <Button variant="outline" onClick={onSearch}>
          <Search aria-hidden="true" />
          Search Users
        </Button>
      )}
      {onAdd && (
        <Button onClick={onAdd}>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      )}
    </>
  );
}
