import { type FormEvent, Suspense, lazy, useState } from "react";
import { KeyRound, LoaderCircle } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isNetworkError } from "@/lib/error-message";
import { isValidEmail } from "@shared/email";
import type { useSignInMutation } from "../api";
import type { usePasskeySignInMutation } from "../hooks/use-passkey-sign-in";
import { keepTypedPassword } from "../lib/typed-password";
import { useForgotPassword } from "../hooks/use-forgot-password";
import { useLoginRedirectTarget } from "../hooks/use-login-redirect-target";

// The dialog and its form (Radix dialog, react-hook-form, zod) are most of the page's weight and rarely
// needed: they load when "Forgot password?" is pressed with no usable address typed.
const ResetRequestDialog = lazy(() => import("./reset-request-dialog").then((m) => ({ default: m.ResetRequestDialog })));
// Only accounts with two-factor on see the second step (and its Radix check box): /login stays within its
// first-visit budget (ADR 014).
const TwoFactorStep = lazy(() => import("./two-factor-step").then((m) => ({ default: m.TwoFactorStep })));

const NETWORK_FAILURE = "Unable to connect to authentication service. Please check your internet connection and try again.";

interface LoginValues {
  email: string;
  password: string;
}
type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Two required fields need no form library: checked on submit, then again as they change. */
function check({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = "Email is required";
  if (!password) errors.password = "Password is required";
  return errors;
}

interface LoginFormProps {
  /** Owned by the page, which must know whether a sign-in started here (see LoginRoute). */
  signIn: ReturnType<typeof useSignInMutation>;
  passkeySignIn: ReturnType<typeof usePasskeySignInMutation>;
}

export function LoginForm({ signIn, passkeySignIn }: LoginFormProps) {
  const navigate = useNavigate();
  const redirectTarget = useLoginRedirectTarget();
  const forgotPassword = useForgotPassword();
  const [askingEmail, setAskingEmail] = useState(false);
  const [values, setValues] = useState<LoginValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // The password was right and the account has two-factor on: the code is asked next.
  const [secondStep, setSecondStep] = useState(false);

  function change(field: keyof LoginValues, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  }

  function handleLogin(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) {
      document.getElementById(found.email ? "login-email" : "login-password")?.focus();
      return;
    }
    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          keepTypedPassword(values.password);
          if ("twoFactorRequired" in answer) {
            setSecondStep(true);
            return;
          }
          toast.success("Login successful", { description: "Welcome back!" });
          void navigate(redirectTarget, { replace: true });
        },
        onError: (error) => {
          toast.error("Login failed", { description: isNetworkError(error) ? NETWORK_FAILURE : error.message });
        },
      },
    );
  }

  function handlePasskey() {
    passkeySignIn.mutate(undefined, {
      onSuccess: () => {
        toast.success("Login successful", { description: "Welcome back!" });
        void navigate(redirectTarget, { replace: true });
      },
      onError: (error) => {
        // Closing the browser's passkey prompt is a choice, not a failure.
        if (error instanceof Error && error.name === "NotAllowedError") return;
        toast.error("Login failed", {
          description: isNetworkError(error) ? NETWORK_FAILURE : "That passkey could not sign you in. Try again or use your password.",
        });
      },
    });
  }

  const busy = signIn.isPending || passkeySignIn.isPending;

  if (secondStep) {
    return (
      <Suspense fallback={<LoaderCircle aria-label="Loading" className="mx-auto animate-spin" />}>
        <TwoFactorStep
          onSignedIn={() => void navigate(redirectTarget, { replace: true })}
          onRestart={() => {
            setSecondStep(false);
            setValues({ ...values, password: "" });
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={handleLogin} className="flex flex-col gap-4">
        <FormField id="login-email" label="Email" error={errors.email}>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            placeholder="you@example.com"
            value={values.email}
            onChange={(e) => change("email", e.target.value)}
          />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password}>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => change("password", e.target.value)}
          />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Button
            variant="link"
            size="sm"
            disabled={forgotPassword.isPending}
            onClick={() => {
              const typed = values.email.trim();
              // With no usable address typed yet, ask for one instead of refusing.
              forgotPassword.requestReset(typed);
              if (!typed || !isValidEmail(typed)) setAskingEmail(true);
            }}
          >
            Forgot password?
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {signIn.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {signIn.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={handlePasskey}>
        {passkeySignIn.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <KeyRound aria-hidden="true" />}
        Sign in with a passkey
      </Button>
      {/* Outside the sign-in form: React would bubble the inner form's submit through the portal. */}
      {askingEmail && (
        <Suspense fallback={null}>
          <ResetRequestDialog onClose={() => setAskingEmail(false)} />
        </Suspense>
      )}
    </div>
  );
}
