import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface RemovalModeOptionProps {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  /** What this mode does, read out as the radio's description. */
  children: ReactNode;
}

/** One native radio (name "removal-mode") in a bordered, fully clickable card. */
export function RemovalModeOption({ id, label, checked, disabled, onSelect, children }: RemovalModeOptionProps) {
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors",
        checked ? "border-primary bg-primary/5" : "hover:bg-accent",
        disabled && "cursor-not-allowed opacity-50 hover:bg-transparent",
      )}
    >
      <input
        id={id}
        type="radio"
        name="removal-mode"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        // The name is the label alone; the explanation is its description.
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
      />
      <span className="flex flex-col gap-1">
        <span id={`${id}-label`} className="text-sm font-medium">
          {label}
        </span>
        <span id={`${id}-description`} className="text-sm text-muted-foreground">
          {children}
        </span>
      </span>
    </label>
  );
}
