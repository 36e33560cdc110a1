import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { forgotPasswordSchema } from "@shared/account-schemas";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useRequestPasswordResetMutation } from "../api";
import { resetEmailErrorMessage } from "../hooks/use-forgot-password";

type RequestValues = z.input<typeof forgotPasswordSchema>;
type RequestOutput = z.output<typeof forgotPasswordSchema>;

interface RequestResetLinkFormProps {
  onSent: () => void;
  onCancel: () => void;
}

/** Asks for an e-mail address and sends a fresh reset link (the invalid-link view of /reset-password). */
export function RequestResetLinkForm({ onSent, onCancel }: RequestResetLinkFormProps) {
  const request = useRequestPasswordResetMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RequestValues, unknown, RequestOutput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  function handleRequest({ email }: RequestOutput) {
    request.mutate(email, {
      onSuccess: () => {
        toast.success("New password reset email sent! Check your inbox.");
        onSent();
      },
      onError: (error) => toast.error(resetEmailErrorMessage(error)),
    });
  }

  const busy = request.isPending;

  return (
    <form noValidate onSubmit={handleSubmit(handleRequest)} className="flex flex-col gap-3">
      <FormField id="reset-request-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" autoFocus disabled={busy} {...register("email")} />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" className="sm:flex-1" disabled={busy}>
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
        <Button variant="outline" className="sm:flex-1" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
