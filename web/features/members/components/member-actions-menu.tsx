import { KeyRound, MoreHorizontal, Pencil, Shield, ShieldOff, UserX } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { Member } from "../api";
import { hasMemberActions, type MemberAbilities } from "../lib/member-abilities";
import type { MemberAction } from "../lib/member-dialog";

interface MemberActionsMenuProps {
  member: Member;
  abilities: MemberAbilities;
  onAction: (action: MemberAction, member: Member) => void;
}

/** The row's menu; entries the rules forbid are hidden, or shown disabled with the reason (spec section 2). */
export function MemberActionsMenu({ member, abilities, onAction }: MemberActionsMenuProps) {
  if (!hasMemberActions(abilities)) return null;
  const other = abilities.edit || abilities.changeRole || abilities.resetPassword;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${member.email}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        {abilities.edit && (
          <DropdownMenuItem onSelect={() => onAction("edit", member)}>
            <Pencil aria-hidden="true" />
            Edit User
          </DropdownMenuItem>
        )}
        {abilities.changeRole && (
          <DropdownMenuItem onSelect={() => onAction("role", member)}>
            {member.role === "admin" ? <ShieldOff aria-hidden="true" /> : <Shield aria-hidden="true" />}
            {member.role === "admin" ? "Make Staff" : "Make Admin"}
          </DropdownMenuItem>
        )}
        {abilities.resetPassword && (
          <DropdownMenuItem onSelect={() => onAction("reset", member)}>
            <KeyRound aria-hidden="true" />
            Reset Password
          </DropdownMenuItem>
        )}
        {abilities.remove && other && <DropdownMenuSeparator />}
        {abilities.remove && (
          <DropdownMenuItem
            variant="destructive"
            disabled={abilities.removeDisabledReason !== null}
            onSelect={() => onAction("remove", member)}
          >
            <UserX aria-hidden="true" />
            {abilities.removeDisabledReason ?? "Remove User"}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
