import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ExportCard } from "../components/export-card";
import { ImportPanel } from "../components/import-panel";

export function ImportExportRoute() {
  return (
    <>
      <PageHeader title="Import & Export" />
      <Tabs defaultValue="import">
        <TabsList>
          <TabsTrigger value="import">Import</TabsTrigger>
          <TabsTrigger value="export">Export</TabsTrigger>
        </TabsList>
        {/* Kept mounted on the Export tab, so an import under way goes on being followed. */}
        <TabsContent value="import" forceMount className="pt-4 data-[state=inactive]:hidden">
          <ImportPanel />
        </TabsContent>
        <TabsContent value="export" className="pt-4">
          <ExportCard />
        </TabsContent>
      </Tabs>
    </>
  );
}
