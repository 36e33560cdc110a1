import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type FieldChoice, conflictFieldLabel, describeFieldValue } from "../lib/contact-conflicts";

interface ContactConflictBannerProps {
  message: string;
  fields: FieldChoice[];
  onChoose: (field: FieldChoice["field"], choice: "mine" | "theirs") => void;
  disabled: boolean;
}

/**
 * Someone else saved this contact while it was being edited: the message, and for each field both
 * changed, their value and this person's, to keep one. It stays at the top of the form's scroll area.
 */
/** The two answers to a conflicting field, in the order they are offered. */
const CHOICES = [
  ["mine", "Keep mine"],
  ["theirs", "Use theirs"],
] as const;

export function ContactConflictBanner({ message, fields, onChoose, disabled }: ContactConflictBannerProps) {
  return (
    <div className="sticky -top-4 z-10 -mx-1 bg-background pt-1">
      <Alert role="alert" className="border-amber-300 bg-amber-50 text-amber-950">
        <TriangleAlert aria-hidden="true" />
        <AlertDescription className="flex flex-col gap-3 text-amber-950">
          <p>{message}</p>
          {fields.length > 0 && (
            <ul className="flex max-h-64 flex-col gap-3 overflow-y-auto">
              {fields.map((f) => {
                const label = conflictFieldLabel(f.field);
                return (
                  <li key={f.field} aria-label={`${label}: changed by both`} className="rounded-md border border-amber-200 bg-white/70 p-2">
                    <p className="font-medium">
                      {label}
                      {f.by && <span className="font-normal text-muted-foreground"> · changed by {f.by}</span>}
                    </p>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-muted-foreground">Their value</dt>
                      <dd data-testid="conflict-theirs" className="break-words">
                        {describeFieldValue(f.field, f.theirs)}
                      </dd>
                      <dt className="text-muted-foreground">Your value</dt>
                      <dd data-testid="conflict-yours" className="break-words">
                        {describeFieldValue(f.field, f.mine)}
                      </dd>
                    </dl>
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      {CHOICES.map(([choice, label]) => (
                        <Button
                          key={choice}
                          type="button"
                          size="sm"
                          variant={f.choice === choice ? "default" : "outline"}
                          aria-pressed={f.choice === choice}
                          disabled={disabled}
                          onClick={() => onChoose(f.field, choice)}
                        >
                          {label}
                        </Button>
                      ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </AlertDescription>
      </Alert>
    </div>
  );
}
