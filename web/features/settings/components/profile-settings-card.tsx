import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { profileSchema } from "@shared/account-schemas";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { MeUser } from "@/features/auth/api";
import { useProfileUpdateMutation } from "../api";

type ProfileValues = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;

/** The editable profile (name); the e-mail address is shown but cannot be changed here (spec section 6). */
export function ProfileSettingsCard({ user }: { user: MeUser }) {
  const updateProfile = useProfileUpdateMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name },
  });

  function handleSave(values: ProfileOutput) {
    updateProfile.mutate(values, {
      onSuccess: (saved) => {
        // The saved (sanitised) name becomes the new baseline, so Save is disabled again.
        reset({ name: saved?.name ?? values.name });
        toast.success("Profile updated", { description: "Your profile information has been updated successfully." });
      },
      onError: () => toast.error("Error", { description: "Failed to update profile. Please try again." }),
    });
  }

  const saving = updateProfile.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Settings</CardTitle>
        <CardDescription>Update your personal information.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(handleSave)} className="flex flex-col gap-4">
          <FormField id="profile-name" label="Full Name" error={errors.name?.message}>
            <Input autoComplete="name" disabled={saving} {...register("name")} />
          </FormField>
          <FormField id="profile-email" label="Email" description="Email address cannot be changed.">
            <Input type="email" value={user.email} disabled readOnly />
          </FormField>
          <div>
            <Button type="submit" disabled={saving || !isDirty}>
              {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
