import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { organizationNameSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useCreateOrganization } from "../hooks/use-create-organization";

type OrganizationNameValues = z.input<typeof organizationNameSchema>;
type OrganizationNameOutput = z.output<typeof organizationNameSchema>;

interface CreateOrganizationFormProps {
  onCancel: () => void;
  onCreated?: () => void;
}

/** The organization name form shared by the switcher's dialog and the selection modal. */
export function CreateOrganizationForm({ onCancel, onCreated }: CreateOrganizationFormProps) {
  const { create, isPending } = useCreateOrganization();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<OrganizationNameValues, unknown, OrganizationNameOutput>({
    resolver: zodResolver(organizationNameSchema),
    defaultValues: { name: "" },
  });
  const blank = useWatch({ control, name: "name" }).trim().length === 0;

  return (
    <form noValidate onSubmit={handleSubmit(({ name }) => create(name, { onSuccess: onCreated }))} className="flex flex-col gap-4">
      <FormField id="organization-name" label="Organization Name" error={errors.name?.message}>
        <Input autoFocus autoComplete="organization" placeholder="Enter organization name" disabled={isPending} {...register("name")} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || isPending}>
          {isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {isPending ? "Creating..." : "Create"}
        </Button>
      </div>
    </form>
  );
}
