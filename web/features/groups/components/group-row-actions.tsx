import { Download, Eye, MoreHorizontal, Pencil, Trash2, UserPlus, Users } from "lucide-react";
import { useNavigate } from "react-router";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useCurrentOrganization } from "@/features/organizations/api";
import type { GroupAction } from "../lib/group-dialog";
import type { Group } from "../types";

interface GroupRowActionsProps {
  group: Group;
  onAction: (action: GroupAction, group: Group) => void;
}

/** A row's edit and view-members shortcuts plus the menu with every group action (spec section 2). */
export function GroupRowActions({ group, onAction }: GroupRowActionsProps) {
  const navigate = useNavigate();
  const { current } = useCurrentOrganization();
  const canExport = current !== null && roleAllows(matrixRole(current), "contacts.export");
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${group.name}`} onClick={() => onAction("edit", group)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`View members of ${group.name}`} onClick={() => onAction("members", group)}>
        <Users aria-hidden="true" />
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${group.name}`}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          <DropdownMenuItem onSelect={() => onAction("edit", group)}>
            <Pencil aria-hidden="true" />
            Edit Group
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction("add-members", group)}>
            <UserPlus aria-hidden="true" />
            Add Members
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction("members", group)}>
            <Eye aria-hidden="true" />
            View Members
          </DropdownMenuItem>
          {canExport && (
            <DropdownMenuItem onSelect={() => void navigate(`/import?group=${encodeURIComponent(group.id)}#export`)}>
              <Download aria-hidden="true" />
              Export Group
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => onAction("delete", group)}>
            <Trash2 aria-hidden="true" />
            Delete Group
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
