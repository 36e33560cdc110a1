import { useCurrentOrganization } from "@/features/organizations/api";
import { hasContactPicker } from "../lib/contact-picker";
import { FileImportCard } from "./file-import-card";
import { MobileImportGuide } from "./mobile-import-guide";
import { PhoneContactsCard } from "./phone-contacts-card";
import { PhoneContactsHelpCard } from "./phone-contacts-help-card";
import { RecentImports } from "./recent-imports";
import { NoOrganizationAlert } from "@/components/no-organization-alert";

/**
 * Spec section 2's import panel: the CSV and vCard cards, then the phone's own card where the device
 * can pick contacts (with the Mobile Import Guide) or the help card elsewhere; the recent runs below.
 */
export function ImportPanel() {
  const { current } = useCurrentOrganization();
  if (!current) {
    return <NoOrganizationAlert />;
  }
  const native = hasContactPicker();
  // Keyed by organization: switching drops a half-done import of the other organization from view.
  return (
    <div key={current.id} className="flex flex-col gap-4">
      {/* min-w-0: a wide preview table scrolls inside its card instead of widening the page. */}
      <div className="grid items-start gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <FileImportCard kind="csv" orgId={current.id} />
        <FileImportCard kind="vcard" orgId={current.id} />
        {native ? <PhoneContactsCard orgId={current.id} /> : <PhoneContactsHelpCard />}
        {native && <MobileImportGuide />}
      </div>
      <RecentImports orgId={current.id} />
    </div>
  );
}
