import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { labelNames } from "../lib/groups-summary";

interface LabelsAsGroupsChoiceProps {
  /** The groups the file's first rows name (the preview's `categories`). */
  names: readonly string[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** Offered when the file's rows carry labels (Google 'Labels', vCard CATEGORIES): its contacts join groups of those names. */
export function LabelsAsGroupsChoice({ names, checked, onChange }: LabelsAsGroupsChoiceProps) {
  const id = useId();
  if (names.length === 0) return null;
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-names`}
        className="mt-0.5"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id} className="leading-snug">
          Add contacts to groups named by the file&apos;s labels
        </Label>
        <p id={`${id}-names`} className="text-sm break-words text-muted-foreground">
          Labels in the first rows: {labelNames(names)}. A group that does not exist yet is created.
        </p>
      </div>
    </div>
  );
}
