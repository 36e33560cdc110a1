import type { ImportRun } from "../api";
import { groupsSummary } from "../lib/groups-summary";

/** Spec section 2's figures (Total processed, Successfully imported, Failed to import) and how the successes split. */
export function RunFigures({ run }: { run: ImportRun }) {
  const groups = groupsSummary(run.groups);
  const figures: [string, number][] = [
    ["Total processed", run.processed],
    ["Successfully imported", run.imported + run.merged],
    ["Failed to import", run.failed],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-3 gap-2 text-center">
        {figures.map(([term, value]) => (
          <div key={term} className="flex flex-col-reverse rounded-md bg-muted/50 px-2 py-2">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {run.imported.toLocaleString()} new, {run.merged.toLocaleString()} merged into existing contacts, {run.skipped.toLocaleString()}{" "}
        skipped
      </p>
      {groups && <p className="text-sm text-muted-foreground">{groups}</p>}
    </div>
  );
}
