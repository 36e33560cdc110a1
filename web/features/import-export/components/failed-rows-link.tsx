import { FileDown } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { type ImportRun, failedRowsUrl } from "../api";

/** The failed rows as a CSV to fix and import again (the server names the file after the import's). */
export function FailedRowsLink({ orgId, run }: { orgId: string; run: ImportRun }) {
  if (run.failed === 0) return null;
  return (
    <a href={failedRowsUrl(orgId, run.id)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
      <FileDown aria-hidden="true" />
      Download failed rows
    </a>
  );
}
