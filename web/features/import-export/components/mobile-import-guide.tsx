import { ListOrdered } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** Spec section 2: native devices see the steps of a phone import. */
export function MobileImportGuide() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListOrdered aria-hidden="true" className="size-5" />
          Mobile Import Guide
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
          <li>Tap Select Contacts in the Phone Contacts card.</li>
          <li>Allow access to your contacts when the phone asks.</li>
          <li>Pick the contacts to import, then tap Done (or Select).</li>
          <li>Wait for the import summary: contacts without a phone number are not imported.</li>
        </ol>
      </CardContent>
    </Card>
  );
}
