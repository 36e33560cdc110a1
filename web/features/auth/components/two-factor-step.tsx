import { type FormEvent, useState } from "react";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/api";
import { isNetworkError } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useVerifyTwoFactorMutation } from "../api";

// Better Auth's own words ('Invalid backup code') name things this screen calls otherwise.
const WRONG: Record<string, string> = {
  INVALID_CODE: "The code is not correct. Please try again.",
  INVALID_BACKUP_CODE: "That recovery code is not correct or was already used.",
};

function failureMessage(failure: Error): string {
  if (isNetworkError(failure)) return "Connection problem. Please try again.";
  return (isApiError(failure) && WRONG[failure.code]) || failure.message;
}

interface TwoFactorStepProps {
  onSignedIn: () => void;
  /** Back to e-mail and password (a challenge that is used up or expired needs the password again). */
  onRestart: () => void;
}

/** The sign-in's second step: the code from the authenticator app, or one recovery code. */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const verify = useVerifyTwoFactorMutation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(recovery ? "Enter a recovery code" : "Enter the 6-digit code from your authenticator app");
      return;
    }
    setError(undefined);
    verify.mutate(recovery ? { backupCode: typed, trustDevice } : { code: typed.replace(/\s+/g, ""), trustDevice }, {
      onSuccess: () => {
        toast.success("Login successful", { description: "Welcome back!" });
        onSignedIn();
      },
      onError: (failure) => {
        const code = isApiError(failure) ? failure.code : undefined;
        // The challenge is spent (too many tries) or gone (expired, used): only the password starts a new one.
        if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "INVALID_TWO_FACTOR_COOKIE") {
          toast.error("Login failed", { description: "Please sign in again." });
          onRestart();
          return;
        }
        setError(failureMessage(failure));
      },
    });
  }

  const busy = verify.isPending;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <FormField id="login-two-factor" label={recovery ? "Recovery code" : "Authentication code"} error={error}>
        <Input
          name={recovery ? "recovery-code" : "one-time-code"}
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id="login-trust-device" checked={trustDevice} onCheckedChange={(checked) => setTrustDevice(checked === true)} />
        <Label htmlFor="login-trust-device">Trust this device for 30 days</Label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex justify-between">
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setValue("");
            setError(undefined);
          }}
        >
          {recovery ? "Use authenticator app" : "Use a recovery code"}
        </Button>
        <Button variant="link" size="sm" onClick={onRestart}>
          Back
        </Button>
      </div>
    </form>
  );
}
