import { Badge } from "@/components/ui/badge";
import type { Member } from "../api";
import { MEMBER_ROLE_LABELS } from "../lib/role-label";

/** Role plus the 'Owner' marker. */
export function MemberRoleBadges({ member }: { member: Member }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={member.role === "admin" ? "default" : "secondary"}>{MEMBER_ROLE_LABELS[member.role]}</Badge>
      {member.isOwner && (
        <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
          Owner
        </Badge>
      )}
    </span>
  );
}
