import { KeyRound, Mail, MoreHorizontal, Pencil, Shield, ShieldOff, UserX } from "lucide-react";
import type { ReactNode } from "react";
import type { Ability } from "@shared/policy/member-abilities";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { Member } from "../api";
import type { MemberAction } from "../lib/member-dialog";
import { hasMemberActions, removeLabel, visible } from "../lib/member-menu";

interface MemberActionsMenuProps {
  member: Member;
  onAction: (action: MemberAction, member: Member) => void;
}

/**
 * The row's menu, from the abilities the server sent with the row: entries the role may not use are
 * hidden; entries refused for this member are shown disabled with the reason (spec section 2).
 */
export function MemberActionsMenu({ member, onAction }: MemberActionsMenuProps) {
  const { abilities } = member;
  if (!hasMemberActions(abilities)) return null;

  const entry = (action: MemberAction, ability: Ability, icon: ReactNode, label: string) =>
    visible(ability) && (
      <DropdownMenuItem disabled={!ability.allowed} onSelect={() => onAction(action, member)} className="items-start">
        {icon}
        <span className="flex flex-col">
          {label}
          {!ability.allowed && <span className="text-xs text-muted-foreground">{ability.reason}</span>}
        </span>
      </DropdownMenuItem>
    );

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${member.email}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        {entry("edit", abilities.edit, <Pencil aria-hidden="true" />, "Edit User")}
        {entry(
          "role",
          abilities.role,
          member.role === "admin" ? <ShieldOff aria-hidden="true" /> : <Shield aria-hidden="true" />,
          member.role === "admin" ? "Make Staff" : "Make Admin",
        )}
        {entry("reset", abilities.resetPassword, <KeyRound aria-hidden="true" />, "Reset Password")}
        {entry("resetEmail", abilities.sendResetEmail, <Mail aria-hidden="true" />, "Send Password Reset Email")}
        {visible(abilities.remove) && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" disabled={!abilities.remove.allowed} onSelect={() => onAction("remove", member)}>
              <UserX aria-hidden="true" />
              {removeLabel(abilities.remove)}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
