import { Progress } from "@/components/ui/progress";

/** Spec section 2: 'Importing contacts... N%' over a bar. */
export function ImportProgress({ percent }: { percent: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Importing contacts... {percent}%</p>
      <Progress value={percent} label="Importing contacts" />
    </div>
  );
}
