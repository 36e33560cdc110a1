import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type ImportRun, runFailure } from "../api";
import { useAutoReset } from "../hooks/use-auto-reset";
import { FailedRowsLink } from "./failed-rows-link";
import { LeftOutList } from "./left-out-list";
import { RunFigures } from "./run-figures";
import { RunMessages } from "./run-messages";
import { UndoImportButton } from "./undo-import-button";

interface ImportSummaryProps {
  orgId: string;
  run: ImportRun;
  /** 'Import Another CSV', 'Import Another vCard' or 'Import More Contacts'. */
  againLabel: string;
  onAgain: () => void;
  onDone: () => void;
  onRunChange: (run: ImportRun) => void;
}

/** Spec section 2's 'Import summary', with what merged, what failed and why, and the way back (undo). */
export function ImportSummary({ orgId, run, againLabel, onAgain, onDone, onRunChange }: ImportSummaryProps) {
  const hold = useAutoReset(onDone);
  const reason = runFailure(run);
  return (
    <section aria-labelledby={`summary-${run.id}`} className="flex flex-col gap-3" {...hold}>
      <h3 id={`summary-${run.id}`} className="font-semibold">
        Import summary
      </h3>
      <p role="status" className="sr-only">
        Import finished: {run.imported + run.merged} imported, {run.failed} failed.
      </p>
      {run.status === "failed" && (
        <Alert variant="destructive">
          <AlertTitle>Import failed</AlertTitle>
          <AlertDescription>
            {run.processed === 0 && reason
              ? `${reason}. Nothing was imported.`
              : "The rows counted below were written; import the file again to complete it."}
          </AlertDescription>
        </Alert>
      )}
      {run.undoneAt && <p className="text-sm text-muted-foreground">This import was undone.</p>}
      <RunFigures run={run} />
      <RunMessages run={run} />
      <LeftOutList run={run} />
      <div className="flex flex-wrap gap-2">
        <FailedRowsLink orgId={orgId} run={run} />
        {run.canUndo && <UndoImportButton orgId={orgId} run={run} onUndone={onRunChange} />}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onAgain}>{againLabel}</Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
