import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { Input } from "./input";

type PasswordInputProps = Omit<ComponentProps<"input">, "type">;

/**
 * A password input with a show/hide toggle. The toggle's name ("Show password") never repeats the
 * field's label, so `getByLabel("New Password")` still finds only the input.
 */
export function PasswordInput({ className, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);

  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} disabled={disabled} className={cn("pr-10", className)} {...props} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-0 right-0 h-full w-9 text-muted-foreground hover:bg-transparent"
        aria-label={visible ? "Hide password" : "Show password"}
        disabled={disabled}
        onClick={() => setVisible((current) => !current)}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </div>
  );
}
