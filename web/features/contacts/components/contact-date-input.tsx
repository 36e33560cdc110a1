import { type ComponentProps, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The year a yearless date is shown in: a leap year, so 29 February can be picked. */
const NO_YEAR = "2000";
const YEARLESS = /^--(\d{2})-(\d{2})$/;

interface ContactDateInputProps extends Omit<ComponentProps<"input">, "value" | "onChange" | "type"> {
  /** YYYY-MM-DD, --MM-DD (no year) or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The 'No year' box's name for assistive technology ('No year for date 2'). */
  noYearLabel: string;
}

/**
 * A native date picker and a 'No year' box: a birthday whose year is unknown is kept as vCard's --MM-DD
 * (the picker then shows it in a leap year, so any day can be chosen).
 */
export function ContactDateInput({ value, onChange, noYearLabel, ...props }: ContactDateInputProps) {
  const checkboxId = useId();
  const yearless = YEARLESS.exec(value);
  const shown = yearless ? `${NO_YEAR}-${yearless[1]}-${yearless[2]}` : value;

  function change(next: string, withoutYear: boolean) {
    if (!next) return onChange("");
    onChange(withoutYear ? `--${next.slice(5)}` : next);
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Input
        {...props}
        type="date"
        className="w-auto min-w-40 flex-1"
        value={shown}
        onChange={(event) => change(event.target.value, Boolean(yearless))}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={Boolean(yearless)}
          disabled={!value || props.disabled}
          aria-label={noYearLabel}
          onCheckedChange={(checked) => change(shown, checked === true)}
        />
        <Label htmlFor={checkboxId} aria-hidden="true">
          No year
        </Label>
      </div>
    </div>
  );
}
