import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isNetworkError } from "@/lib/error-message";
import type { useSignInMutation } from "../api";
import { useForgotPassword } from "../hooks/use-forgot-password";
import { RequestResetLinkForm } from "./request-reset-link-form";
import { isValidEmail } from "@shared/email";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useLoginRedirectTarget } from "../hooks/use-login-redirect-target";

const loginSchema = z.object({
  email: z.string().trim().min(1, "Email is required"),
  password: z.string().min(1, "Password is required"),
});

type LoginValues = z.infer<typeof loginSchema>;

const NETWORK_FAILURE = "Unable to connect to authentication service. Please check your internet connection and try again.";

interface LoginFormProps {
  /** Owned by the page, which must know whether a sign-in started here (see LoginRoute). */
  signIn: ReturnType<typeof useSignInMutation>;
}

export function LoginForm({ signIn }: LoginFormProps) {
  const navigate = useNavigate();
  const redirectTarget = useLoginRedirectTarget();
  const forgotPassword = useForgotPassword();
  const [askingEmail, setAskingEmail] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  function handleLogin(values: LoginValues) {
    signIn.mutate(values, {
      onSuccess: () => {
        toast.success("Login successful", { description: "Welcome back!" });
        void navigate(redirectTarget, { replace: true });
      },
      onError: (error) => {
        toast.error("Login failed", { description: isNetworkError(error) ? NETWORK_FAILURE : error.message });
      },
    });
  }

  const busy = signIn.isPending;

  return (
    <>
      <form noValidate onSubmit={handleSubmit(handleLogin)} className="flex flex-col gap-4">
        <FormField id="login-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" placeholder="you@example.com" {...register("email")} />
        </FormField>
        <FormField id="login-password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register("password")} />
        </FormField>
        <div className="-mt-1 flex justify-end">
          <Button
            variant="link"
            size="sm"
            disabled={forgotPassword.isPending}
            onClick={() => {
              const typed = getValues("email").trim();
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
      <Dialog open={askingEmail} onOpenChange={setAskingEmail}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset your password</DialogTitle>
            <DialogDescription>
              Enter the e-mail address of your account; we will send you a link to choose a new password.
            </DialogDescription>
          </DialogHeader>
          <RequestResetLinkForm onSent={() => setAskingEmail(false)} onCancel={() => setAskingEmail(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
