import { useLocation, useNavigate, useSearchParams } from "react-router";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useCurrentOrganization } from "@/features/organizations/api";
import { ExportCard } from "../components/export-card";
import { ImportPanel } from "../components/import-panel";

/**
 * Import & Export; the open tab lives in the URL hash (/import#export, where /admin/export leads), a group
 * to export in ?group=. Those the policy forbids to export (staff) see the import alone: no Export tab
 * that would only say they may not.
 */
export function ImportExportRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { current } = useCurrentOrganization();
  // Without an organization the Export tab stays: its card says to choose one.
  const canExport = current === null || roleAllows(matrixRole(current), "contacts.export");
  const tab = canExport && location.hash === "#export" ? "export" : "import";

  function handleTabChange(value: string) {
    void navigate({ pathname: location.pathname, search: location.search, hash: value === "export" ? "#export" : "" }, { replace: true });
  }

  if (!canExport) {
    return (
      <>
        <PageHeader title="Import Contacts" />
        <ImportPanel />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Import & Export" />
      <Tabs value={tab} onValueChange={handleTabChange}>
        <TabsList>
          <TabsTrigger value="import">Import</TabsTrigger>
          <TabsTrigger value="export">Export</TabsTrigger>
        </TabsList>
        {/* Kept mounted on the Export tab, so an import under way goes on being followed. */}
        <TabsContent value="import" forceMount className="pt-4 data-[state=inactive]:hidden">
          <ImportPanel />
        </TabsContent>
        <TabsContent value="export" className="max-w-2xl pt-4">
          <ExportCard initialGroup={params.get("group") ?? undefined} />
        </TabsContent>
      </Tabs>
    </>
  );
}
