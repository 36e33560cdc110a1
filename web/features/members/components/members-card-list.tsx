import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Member } from "../api";
import type { MemberAction } from "../lib/member-dialog";
import { MemberCard } from "./member-card";

interface MembersCardListProps {
  members: Member[];
  actorUserId: string;
  refreshing: boolean;
  onRefresh: () => void;
  onAction: (action: MemberAction, member: Member) => void;
}

/** Phone layout: a 'Pull to refresh' button above one card per user. */
export function MembersCardList({ members, actorUserId, refreshing, onRefresh, onAction }: MembersCardListProps) {
  return (
    <div className="flex flex-col gap-3">
      <Button variant="ghost" size="sm" className="self-center text-muted-foreground" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && "animate-spin")} />
        Pull to refresh
      </Button>
      <ul aria-label="Organization users" className="flex flex-col gap-3">
        {members.map((member) => (
          <MemberCard key={member.id} member={member} isSelf={member.id === actorUserId} onAction={onAction} />
        ))}
      </ul>
    </div>
  );
}
