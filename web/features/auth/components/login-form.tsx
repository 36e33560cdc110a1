import { type FormEvent, Suspense, lazy, useState } from "react";
import { LoaderCircle } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isNetworkError } from "@/lib/error-message";
import { isValidEmail } from "@shared/email";
import type { useSignInMutation } from "../api";
import { useForgotPassword } from "../hooks/use-forgot-password";
import { useLoginRedirectTarget } from "../hooks/use-login-redirect-target";

// The dialog and its form (Radix dialog, react-hook-form, zod) are most of the page's weight and rarely
// needed: they load when "Forgot password?" is pressed with no usable address typed.
const ResetRequestDialog = lazy(() => import("./reset-request-dialog").then((m) => ({ default: m.ResetRequestDialog })));

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
}

export function LoginForm({ signIn }: LoginFormProps) {
  const navigate = useNavigate();
  const redirectTarget = useLoginRedirectTarget();
  const forgotPassword = useForgotPassword();
  const [askingEmail, setAskingEmail] = useState(false);
  const [values, setValues] = useState<LoginValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);

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
        onSuccess: () => {
          toast.success("Login successful", { description: "Welcome back!" });
          void navigate(redirectTarget, { replace: true });
        },
        onError: (error) => {
          toast.error("Login failed", { description: isNetworkError(error) ? NETWORK_FAILURE : error.message });
        },
      },
    );
  }

  const busy = signIn.isPending;

  return (
    <>
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
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      {/* Outside the sign-in form: React would bubble the inner form's submit through the portal. */}
      {askingEmail && (
        <Suspense fallback={null}>
          <ResetRequestDialog onClose={() => setAskingEmail(false)} />
        </Suspense>
      )}
    </>
  );
}
