import { NoOrganizationAlert } from "@/components/no-organization-alert";
import { useCurrentOrganization } from "../hooks/use-current-organization";
import { OrganizationNameCard } from "./organization-name-card";
import { OrganizationSettingsCard } from "./organization-settings-card";

/** Settings > Organization (owner and admins): the current organization's name and its rules. */
export function OrganizationTab() {
  const { current } = useCurrentOrganization();
  if (!current) return <NoOrganizationAlert />;
  return (
    <>
      <OrganizationNameCard organization={current} />
      <OrganizationSettingsCard organization={current} />
    </>
  );
}
