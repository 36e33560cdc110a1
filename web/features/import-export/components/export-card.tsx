import { Download } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The Export tab's card; the export itself comes with issue 12. */
export function ExportCard() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download aria-hidden="true" className="size-5" />
          Export Contacts
        </CardTitle>
        <CardDescription>Exporting contacts is not available yet.</CardDescription>
      </CardHeader>
    </Card>
  );
}
