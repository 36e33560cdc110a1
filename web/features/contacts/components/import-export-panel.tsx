import { Card, CardHeader, CardTitle } from "@/components/ui/card";

/** The collapsible panel under the header that Import and Export open; its content comes in a later issue. */
export function ImportExportPanel({ id, open }: { id: string; open: boolean }) {
  return (
    <section id={id} hidden={!open} aria-label="Import and export" className="mb-6 grid gap-4 md:grid-cols-2">
      <Card className="py-5">
        <CardHeader>
          <CardTitle>Import Contacts</CardTitle>
        </CardHeader>
      </Card>
      <Card className="py-5">
        <CardHeader>
          <CardTitle>Export Contacts</CardTitle>
        </CardHeader>
      </Card>
    </section>
  );
}
