import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { changePasswordFormSchema } from "@shared/account-schemas";
import { isApiError } from "@/api";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { PasswordInput } from "@/components/ui/password-input";
import { isNetworkError } from "@/lib/error-message";
import { usePasswordChangeMutation } from "../api";
import { PasswordStrengthMeter } from "./password-strength-meter";

type ChangePasswordValues = z.infer<typeof changePasswordFormSchema>;

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

interface ChangePasswordCardProps {
  title?: string;
  description?: string;
  /** The current password's label ("Temporary Password" when one was handed out). */
  currentLabel?: string;
  /** The current password when the person just typed it to sign in: not asked again. */
  knownCurrentPassword?: string;
}

/** Settings > Password. The server checks the current password and ends the user's other sessions. */
export function ChangePasswordCard({
  title = "Change Password",
  description = "Update your password to keep your account secure.",
  currentLabel = "Current Password",
  knownCurrentPassword,
}: ChangePasswordCardProps = {}) {
  // Asked after all when the known one was refused (changed meanwhile in another tab, say).
  const [askCurrent, setAskCurrent] = useState(knownCurrentPassword === undefined);
  const changePassword = usePasswordChangeMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { ...EMPTY, currentPassword: knownCurrentPassword ?? "" },
  });
  const newPassword = useWatch({ control, name: "newPassword" });

  function handleChange({ currentPassword, newPassword: password }: ChangePasswordValues) {
    changePassword.mutate(
      { currentPassword, newPassword: password },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success("Password updated", { description: "Your password has been changed successfully." });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === "INVALID_CURRENT_PASSWORD") {
            setAskCurrent(true);
            setError("currentPassword", { message: "Current password is incorrect" }, { shouldFocus: true });
            return;
          }
          toast.error("Error", { description: passwordChangeErrorMessage(error) });
        },
      },
    );
  }

  const updating = changePassword.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(handleChange)} className="flex flex-col gap-4">
          {askCurrent && (
            <FormField id="current-password" label={currentLabel} error={errors.currentPassword?.message}>
              <PasswordInput autoComplete="current-password" disabled={updating} {...register("currentPassword")} />
            </FormField>
          )}
          <FormField id="new-password" label="New Password" error={errors.newPassword?.message}>
            <PasswordInput autoComplete="new-password" disabled={updating} {...register("newPassword")} />
          </FormField>
          {newPassword && <PasswordStrengthMeter password={newPassword} />}
          <FormField id="confirm-new-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" disabled={updating} {...register("confirmPassword")} />
          </FormField>
          <div>
            <Button type="submit" disabled={updating || !isDirty}>
              {updating && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {updating ? "Updating..." : "Update Password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function passwordChangeErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) {
    return "Too many requests. Please wait a few minutes before trying again.";
  }
  if (isApiError(error) && !isNetworkError(error) && error.status < 500) return error.message;
  return "Failed to update password. Please try again.";
}
