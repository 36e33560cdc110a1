import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { organizationNameSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { MeOrganization } from "@/features/auth/api";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useOrganizationRenameMutation } from "../api";

type NameValues = z.input<typeof organizationNameSchema>;
type NameOutput = z.output<typeof organizationNameSchema>;

/** The organization's name, which invitations and the switcher show (owner and admins). */
export function OrganizationNameCard({ organization }: { organization: MeOrganization }) {
  const rename = useOrganizationRenameMutation(organization.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<NameValues, unknown, NameOutput>({
    resolver: zodResolver(organizationNameSchema),
    values: { name: organization.name },
  });

  function handleSave({ name }: NameOutput) {
    rename.mutate(name, {
      onSuccess: () => {
        reset({ name });
        toast.success("Organization renamed", { description: `It is now called ${name}.` });
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>Its name appears in invitations and wherever its members switch organizations.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(handleSave)} className="flex flex-col gap-4">
          <FormField id="organization-name" label="Organization name" error={errors.name?.message}>
            <Input autoComplete="organization" disabled={rename.isPending} {...register("name")} />
          </FormField>
          <div>
            <Button type="submit" disabled={rename.isPending || !isDirty}>
              {rename.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {rename.isPending ? "Saving..." : "Save name"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
