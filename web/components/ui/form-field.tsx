import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

interface FieldControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  "aria-required"?: boolean;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  description?: ReactNode;
  className?: string;
  /** Marks the label with an asterisk and the control as required (the form's own rule still decides). */
  required?: boolean;
  /** A single input-like element; it receives the id and the ARIA wiring for the label and error. */
  children: ReactElement<FieldControlProps>;
}

/** Label + control + error message, wired so `getByLabel(label)` finds the control and errors are announced. */
export function FormField({ id, label, error, description, className, required, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control = Children.only(children);

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {/* The mark sits beside the label, not in it: the label stays the field's exact name. */}
      <div className="flex items-center gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm font-medium text-destructive">
            *
          </span>
        )}
      </div>
      {isValidElement(control) &&
        cloneElement(control, {
          id,
          "aria-invalid": error ? true : undefined,
          ...(required ? { "aria-required": true } : {}),
          "aria-describedby": describedBy || undefined,
        })}
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
