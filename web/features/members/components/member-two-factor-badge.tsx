import { Badge } from "@/components/ui/badge";
import type { Member } from "../api";

/** Whether the member has two-factor authentication on (what 'Require two-factor' asks of everyone). */
export function MemberTwoFactorBadge({ member }: { member: Member }) {
  return member.twoFactor ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 text-emerald-800">
      Two-factor on
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      No two-factor
    </Badge>
  );
}
