import { EllipsisVertical, RefreshCw, Search, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { UserManagementCommands } from "./user-management-toolbar";

/** Phone counterpart of the toolbar: a bottom sheet with Refresh Users, Search Users, Add User. */
export function UserActionsSheet({ refreshing, onRefresh, onSearch, onAdd }: UserManagementCommands) {
  const [open, setOpen] = useState(false);
  // Close the sheet first so the dialog that follows gets the focus.
  const run = (command: () => void) => () => {
    setOpen(false);
    command();
  };

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" aria-label="User actions">
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>User Actions</SheetTitle>
          <SheetDescription>Manage the users of this organization.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-2 px-4 pb-6">
          <Button variant="outline" className="justify-start" onClick={run(onRefresh)} disabled={refreshing}>
            <RefreshCw aria-hidden="true" />
            Refresh Users
          </Button>
          {onSearch && (
            <Button variant="outline" className="justify-start" onClick={run(onSearch)}>
              <Search aria-hidden="true" />
              Search Users
            </Button>
          )}
          {onAdd && (
            <Button className="justify-start" onClick={run(onAdd)}>
              <UserPlus aria-hidden="true" />
              Add User
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
