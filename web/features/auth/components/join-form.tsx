import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { profileSchema } from "@shared/account-schemas";
import { evaluateResetPassword } from "@shared/password";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { authKeys, useJoinInvitationMutation, useSignInMutation } from "../api";
import { ResetPasswordStrength } from "./reset-password-strength";

const INVALID_PASSWORD = "Please enter a valid password that meets all requirements";
const MISMATCH = "Passwords do not match";

const joinFormSchema = z
  .object({
    name: profileSchema.shape.name,
    password: z.string().refine((password) => evaluateResetPassword(password).valid, INVALID_PASSWORD),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { message: MISMATCH, path: ["confirmPassword"] });

type JoinValues = z.input<typeof joinFormSchema>;
type JoinOutput = z.output<typeof joinFormSchema>;

interface JoinFormProps {
  token: string;
  email: string;
  name: string;
  organizationName: string;
}

/** The invitation page's form: the person's name (as the admin gave it), a first password, 'Join'. */
export function JoinForm({ token, email, name, organizationName }: JoinFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const join = useJoinInvitationMutation();
  const signIn = useSignInMutation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<JoinValues, unknown, JoinOutput>({
    resolver: zodResolver(joinFormSchema),
    defaultValues: { name, password: "", confirmPassword: "" },
  });
  const [password = "", confirmPassword = ""] = useWatch({ control, name: ["password", "confirmPassword"] });
  const strength = evaluateResetPassword(password);
  const mismatch = confirmPassword.length > 0 && confirmPassword !== password;

  async function handleJoin(values: JoinOutput) {
    try {
      await join.mutateAsync({ token, name: values.name, password: values.password });
    } catch (error) {
      toast.error(getErrorMessage(error));
      return;
    }
    // Joined: signed in with the password just chosen, straight to the contacts, not an empty login form.
    queryClient.removeQueries({ queryKey: authKeys.invitationLink(token) });
    try {
      const answer = await signIn.mutateAsync({ email, password: values.password });
      if ("twoFactorRequired" in answer) throw new Error("second step");
    } catch {
      toast.success(`You joined ${organizationName}. Sign in with your new password.`);
      void navigate("/login", { replace: true });
      return;
    }
    toast.success(`Welcome to ${organizationName}`);
    void navigate("/contacts", { replace: true });
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleJoin)} className="flex flex-col gap-4">
      <FormField id="join-name" label="Your name" error={errors.name?.message}>
        <Input autoComplete="name" disabled={isSubmitting} {...register("name")} />
      </FormField>
      <FormField id="join-email" label="Email" description="You will sign in with this address.">
        <Input type="email" value={email} autoComplete="username" readOnly disabled />
      </FormField>
      <FormField
        id="join-password"
        label="Password"
        error={errors.password?.message}
        description="At least 12 characters with uppercase and lowercase letters, numbers and special characters."
      >
        <PasswordInput autoComplete="new-password" disabled={isSubmitting} {...register("password")} />
      </FormField>
      {password.length > 0 && <ResetPasswordStrength id="join-password-strength" strength={strength} />}
      <FormField id="join-confirm-password" label="Confirm Password" error={mismatch ? MISMATCH : errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" disabled={isSubmitting} {...register("confirmPassword")} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting || !strength.valid || password !== confirmPassword}>
        {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {isSubmitting ? "Joining..." : "Join"}
      </Button>
    </form>
  );
}
