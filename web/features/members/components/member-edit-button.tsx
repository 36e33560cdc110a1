import { Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { Member } from "../api";

interface MemberEditButtonProps {
  member: Member;
  onEdit: () => void;
}

/**
 * The row's edit shortcut; when not allowed it stays visible, disabled, with the reason as its tooltip
 * ('Insufficient permissions' when the role itself may not edit, spec section 2).
 */
export function MemberEditButton({ member, onEdit }: MemberEditButtonProps) {
  const label = `Edit ${member.email}`;
  const ability = member.abilities.edit;
  if (ability.allowed) {
    return (
      <Button variant="ghost" size="icon" aria-label={label} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Tooltip>
      {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
      <TooltipTrigger asChild>
        <span tabIndex={0} className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Button variant="ghost" size="icon" aria-label={label} disabled>
            <Pencil aria-hidden="true" />
          </Button>
        </span>
      </TooltipTrigger>
      <TooltipContent>{ability.show ? ability.reason : "Insufficient permissions"}</TooltipContent>
    </Tooltip>
  );
}
