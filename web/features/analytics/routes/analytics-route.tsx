import { ShieldAlert } from "lucide-react";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useCurrentOrganization } from "@/features/organizations/api";
import { AuditLogCard } from "../components/audit-log-card";
import { UsageCard } from "../components/usage-card";
import { NoOrganizationAlert } from "@/components/no-organization-alert";

/** /admin/analytics: the organization's usage per month and its audit log, for admins and the owner. */
export function AnalyticsRoute() {
  const { current } = useCurrentOrganization();
  return (
    <>
      <PageHeader title="Analytics" description="Usage of this organization and its audit log" />
      {!current ? (
        <NoOrganizationAlert />
      ) : !roleAllows(matrixRole(current), "audit.view") ? (
        <Alert role="status">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Access Restricted</AlertTitle>
          <AlertDescription>Usage statistics and the audit log are limited to administrators only.</AlertDescription>
        </Alert>
      ) : (
        <div key={current.id} className="flex flex-col gap-6">
          <UsageCard orgId={current.id} />
          <AuditLogCard orgId={current.id} />
        </div>
      )}
    </>
  );
}
