import { cn } from "@/lib/utils";

interface ProgressProps {
  /** 0..100 */
  value: number;
  label: string;
  /** Read out instead of the percentage, e.g. "3 of 6". */
  valueText?: string;
  className?: string;
  indicatorClassName?: string;
}

/** A thin horizontal bar with role="progressbar" and its value exposed to assistive technology. */
export function Progress({ value, label, valueText, className, indicatorClassName }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      aria-valuetext={valueText}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className={cn("h-full rounded-full bg-primary transition-[width]", indicatorClassName)} style={{ width: `${clamped}%` }} />
    </div>
  );
}
