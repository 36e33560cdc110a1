import { RESET_MAX_SCORE, type ResetPasswordStrength as Strength } from "@shared/password";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

interface ResetPasswordStrengthProps {
  id: string;
  strength: Strength;
}

/** Live score out of 6 and the list of what the password still lacks (spec section 5). */
export function ResetPasswordStrength({ id, strength }: ResetPasswordStrengthProps) {
  const { score, feedback, valid } = strength;
  const tone = valid ? "bg-green-600" : score >= 3 ? "bg-amber-500" : "bg-destructive";

  return (
    <div id={id} className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">Password strength</span>
        <span className={cn("font-medium", valid ? "text-green-700 dark:text-green-500" : "text-muted-foreground")}>
          {score}/{RESET_MAX_SCORE}
        </span>
      </div>
      <Progress
        label="Password strength"
        value={(score / RESET_MAX_SCORE) * 100}
        valueText={`${score} out of ${RESET_MAX_SCORE}`}
        indicatorClassName={tone}
      />
      {feedback.length > 0 && (
        <ul aria-label="Password requirements" className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {feedback.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
