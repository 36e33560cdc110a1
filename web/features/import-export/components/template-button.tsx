import { FileDown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TEMPLATE_FILE_NAME, downloadTemplate } from "../lib/template";

/** Spec section 9's template (Name, Phone, Email, Notes), made in the browser. */
export function TemplateButton() {
  return (
    <Button variant="link" size="sm" className="self-start text-left whitespace-normal" onClick={downloadTemplate}>
      <FileDown aria-hidden="true" />
      Download template ({TEMPLATE_FILE_NAME})
    </Button>
  );
}
