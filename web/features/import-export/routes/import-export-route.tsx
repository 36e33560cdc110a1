import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

export function ImportExportRoute() {
  return (
    <>
      <PageHeader title="Import & Export" />
      <Tabs defaultValue="import">
        <TabsList>
          <TabsTrigger value="import">Import</TabsTrigger>
          <TabsTrigger value="export">Export</TabsTrigger>
        </TabsList>
        {/* Panels are filled by the import and export issues. */}
        <TabsContent value="import" className="pt-4" />
        <TabsContent value="export" className="pt-4" />
      </Tabs>
    </>
  );
}
