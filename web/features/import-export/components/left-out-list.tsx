import type { ImportRun } from "../api";

interface LeftOut {
  source: string;
  values: number;
}

/** The run's count of what it left out, by column (or card property), when the server reports it. */
const leftOutOf = (run: ImportRun): LeftOut[] => {
  const reported = run as ImportRun & { left_out?: LeftOut[]; leftOut?: LeftOut[] };
  return reported.left_out ?? reported.leftOut ?? [];
};

/** What the import did not keep, as the person chose in the mapping: nothing is dropped unseen. */
export function LeftOutList({ run }: { run: ImportRun }) {
  const leftOut = leftOutOf(run);
  if (leftOut.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-medium">Left out</p>
      <ul className="flex flex-col gap-0.5 text-muted-foreground">
        {leftOut.map(({ source, values }) => (
          <li key={source}>
            {source}: {values.toLocaleString("en-US")} {values === 1 ? "value" : "values"}
          </li>
        ))}
      </ul>
    </div>
  );
}
