import { useLocation, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ExportCard } from "../components/export-card";
import { ImportPanel } from "../components/import-panel";

/** Import & Export; the open tab lives in the URL hash (/import#export, where /admin/export leads), a group to export in ?group=. */
export function ImportExportRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = location.hash === "#export" ? "export" : "import";

  function handleTabChange(value: string) {
    void navigate({ pathname: location.pathname, search: location.search, hash: value === "export" ? "#export" : "" }, { replace: true });
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
