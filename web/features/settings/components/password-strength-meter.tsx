import { settingsPasswordStrength, type StrengthLabel } from "@shared/password";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

const TONES: Record<StrengthLabel, { bar: string; text: string }> = {
  Weak: { bar: "bg-destructive", text: "text-destructive" },
  Medium: { bar: "bg-amber-500", text: "text-amber-700 dark:text-amber-500" },
  Strong: { bar: "bg-green-600", text: "text-green-700 dark:text-green-500" },
};

/** Settings' Weak / Medium / Strong meter over the four rules of spec section 5. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { percent, label } = settingsPasswordStrength(password);
  const tone = TONES[label];

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">Password strength</span>
        <span className={cn("font-medium", tone.text)}>{label}</span>
      </div>
      <Progress label="Password strength" value={percent} valueText={label} indicatorClassName={tone.bar} />
    </div>
  );
}
