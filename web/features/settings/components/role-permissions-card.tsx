import { Check } from "lucide-react";
import { ACTIONS, PERMISSIONS, ROLE_LABELS, type Action, type MatrixRole } from "@shared/permissions";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCurrentOrganization } from "@/features/organizations/api";
import { cn } from "@/lib/utils";

const ROLES: MatrixRole[] = ["owner", "admin", "staff"];
const ACTION_ORDER = Object.keys(ACTIONS) as Action[];

/** What each role may do, read from the shared permission matrix the server enforces. */
export function RolePermissionsCard() {
  const { current } = useCurrentOrganization();
  const ownRole: MatrixRole | null = current ? (current.isOwner ? "owner" : current.role) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Role Permissions</CardTitle>
        <CardDescription>
          {current && ownRole ? `Your role in ${current.name}: ${ROLE_LABELS[ownRole]}.` : "What each role can do in an organization."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-3">
        {ROLES.map((role) => (
          <RolePermissions key={role} role={role} isOwn={role === ownRole} />
        ))}
      </CardContent>
    </Card>
  );
}

function RolePermissions({ role, isOwn }: { role: MatrixRole; isOwn: boolean }) {
  const headingId = `role-permissions-${role}`;
  const allowed = ACTION_ORDER.filter((action) => PERMISSIONS[role].has(action));

  return (
    <section
      aria-labelledby={headingId}
      aria-current={isOwn ? "true" : undefined}
      className={cn("rounded-lg border p-4", isOwn && "border-primary bg-primary/5 ring-1 ring-primary")}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {ROLE_LABELS[role]}
        </h3>
        {isOwn && <Badge>Your role</Badge>}
      </div>
      <ul className="flex flex-col gap-1.5 text-sm">
        {allowed.map((action) => (
          <li key={action} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
            {ACTIONS[action]}
          </li>
        ))}
      </ul>
    </section>
  );
}
