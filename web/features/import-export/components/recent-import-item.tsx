import { format } from "date-fns";
import { Badge } from "@/components/ui/badge";
import { type ImportRun, runFailure } from "../api";
import { groupsSummary } from "../lib/groups-summary";
import { FailedRowsLink } from "./failed-rows-link";
import { UndoImportButton } from "./undo-import-button";

const STATUS: Record<ImportRun["status"], { label: string; variant: "default" | "secondary" | "destructive" | "outline" }> = {
  running: { label: "Running", variant: "secondary" },
  done: { label: "Done", variant: "default" },
  failed: { label: "Failed", variant: "destructive" },
  interrupted: { label: "Interrupted", variant: "destructive" },
};

/** One run: file, when, status, figures, and what can still be done with it. */
export function RecentImportItem({ orgId, run }: { orgId: string; run: ImportRun }) {
  const status = run.undoneAt ? { label: "Undone", variant: "outline" as const } : STATUS[run.status];
  const reason = runFailure(run);
  return (
    <li aria-label={run.fileName} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{run.fileName}</span>
        <Badge variant={status.variant}>{status.label}</Badge>
        <span className="text-xs text-muted-foreground">{format(new Date(run.createdAt), "MMM d, yyyy HH:mm")}</span>
      </div>
      <p className="text-sm text-muted-foreground">
        {run.processed.toLocaleString()} of {run.total.toLocaleString()} processed: {run.imported.toLocaleString()} new,{" "}
        {run.merged.toLocaleString()} merged, {run.skipped.toLocaleString()} skipped, {run.failed.toLocaleString()} failed
      </p>
      {run.groups && <p className="text-sm text-muted-foreground">{groupsSummary(run.groups)}</p>}
      {reason && <p className="text-sm text-destructive">{reason}</p>}
      {run.status === "interrupted" && (
        <p className="text-sm">
          This import stopped before finishing. Import the same file again to complete it (no contact is added twice).
        </p>
      )}
      {run.undoReport && (
        <p className="text-sm">
          Undone: {run.undoReport.trashed} moved to the trash, {run.undoReport.restored} restored
          {run.undoReport.editedSince.length > 0 && `; left as edited since: ${run.undoReport.editedSince.map((c) => c.name).join(", ")}`}
        </p>
      )}
      {(run.failed > 0 || run.canUndo) && (
        <div className="flex flex-wrap gap-2">
          <FailedRowsLink orgId={orgId} run={run} />
          {run.canUndo && <UndoImportButton orgId={orgId} run={run} />}
        </div>
      )}
    </li>
  );
}
