import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Member } from "../api";
import { formatJoined } from "../lib/format-joined";
import type { MemberAction } from "../lib/member-dialog";
import { MEMBER_ROLE_LABELS } from "../lib/role-label";
import { MemberActionsMenu } from "./member-actions-menu";
import { MemberRoleBadges } from "./member-role-badge";
import { MemberTwoFactorBadge } from "./member-two-factor-badge";

interface MemberCardProps {
  member: Member;
  isSelf: boolean;
  onAction: (action: MemberAction, member: Member) => void;
}

/** Mobile view of one user, with an expandable 'More details' section (spec section 2). */
export function MemberCard({ member, isSelf, onAction }: MemberCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();

  return (
    <li aria-label={member.email} className="rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-medium">{member.name}</p>
            {isSelf && <Badge variant="outline">You</Badge>}
          </div>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
          <span className="inline-flex flex-wrap items-center gap-1">
            <MemberRoleBadges member={member} />
            <MemberTwoFactorBadge member={member} />
          </span>
        </div>
        <MemberActionsMenu member={member} onAction={onAction} />
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 -ml-2 text-muted-foreground"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((open) => !open)}
      >
        More details
        <ChevronDown aria-hidden="true" className={cn("transition-transform", expanded && "rotate-180")} />
      </Button>
      <dl id={detailsId} hidden={!expanded} className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Joined</dt>
        <dd>{formatJoined(member.created_at)}</dd>
        <dt className="text-muted-foreground">Role</dt>
        <dd>{MEMBER_ROLE_LABELS[member.role]}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>Active</dd>
      </dl>
    </li>
  );
}
