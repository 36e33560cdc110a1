import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { z } from "zod";
import { evaluateResetPassword } from "@shared/password";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { authKeys, useCompletePasswordResetMutation, useSignOutMutation } from "../api";
import { resetSubmitFailure } from "../lib/reset-submit-failure";
import { ResetPasswordStrength } from "./reset-password-strength";

const INVALID_PASSWORD = "Please enter a valid password that meets all requirements";
const MISMATCH = "Passwords do not match";

const resetFormSchema = z
  .object({
    password: z.string().refine((password) => evaluateResetPassword(password).valid, INVALID_PASSWORD),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

type ResetFormValues = z.infer<typeof resetFormSchema>;

/** The set-new-password form of /reset-password; `token` comes from the verified e-mail link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const complete = useCompletePasswordResetMutation();
  const signOut = useSignOutMutation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const [password = "", confirmPassword = ""] = useWatch({ control, name: ["password", "confirmPassword"] });
  const strength = evaluateResetPassword(password);
  const mismatch = confirmPassword.length > 0 && confirmPassword !== password;

  async function handleReset(values: ResetFormValues) {
    try {
      await complete.mutateAsync({ token, password: values.password });
    } catch (error) {
      const failure = resetSubmitFailure(error);
      toast.error(failure.message);
      if (failure.backToLogin) void navigate("/login", { replace: true });
      return;
    }
    // The server already ended every session of this user; this clears our cookie. Its failure changes nothing.
    await signOut.mutateAsync().catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(authKeys.me, null);
    toast.success("Password updated successfully! You can now log in with your new password.");
    void navigate("/login", { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleReset)} className="flex flex-col gap-4">
      <FormField
        id="reset-password"
        label="New Password"
        error={errors.password?.message}
        description="At least 12 characters with uppercase and lowercase letters, numbers and special characters."
      >
        <PasswordInput autoComplete="new-password" disabled={isSubmitting} {...register("password")} />
      </FormField>
      {password.length > 0 && <ResetPasswordStrength id="reset-password-strength" strength={strength} />}
      <FormField id="reset-confirm-password" label="Confirm Password" error={mismatch ? MISMATCH : errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" disabled={isSubmitting} {...register("confirmPassword")} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting || !strength.valid || password !== confirmPassword}>
        {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {isSubmitting ? "Updating..." : "Update Password"}
      </Button>
    </form>
  );
}
