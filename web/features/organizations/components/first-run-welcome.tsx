import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { profileSchema } from "@shared/account-schemas";
import { organizationNameSchema } from "@shared/organization-schemas";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useMeQuery } from "@/features/auth/api";
import { useProfileUpdateMutation } from "@/features/settings/api";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useOrganizationRenameMutation, useWelcomeDoneMutation } from "../api";
import { useCurrentOrganization } from "../hooks/use-current-organization";

const welcomeSchema = z.object({ name: profileSchema.shape.name, organizationName: organizationNameSchema.shape.name });
type WelcomeValues = z.input<typeof welcomeSchema>;
type WelcomeOutput = z.output<typeof welcomeSchema>;

/**
 * The first administrator's first sign-in: their name and the organization's, asked once (the server
 * remembers it was answered or skipped). Both can be changed later in Settings.
 */
export function FirstRunWelcome() {
  const me = useMeQuery().data;
  const { current } = useCurrentOrganization();
  const pending = Boolean(me?.user.welcomePending) && current !== null && !me?.user.mustChangePassword;
  if (!pending || !me || !current) return null;
  return <WelcomeDialog userName={me.user.name} organization={current} />;
}

function WelcomeDialog({ userName, organization }: { userName: string; organization: { id: string; name: string } }) {
  const done = useWelcomeDoneMutation();
  const profile = useProfileUpdateMutation();
  const rename = useOrganizationRenameMutation(organization.id);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<WelcomeValues, unknown, WelcomeOutput>({
    resolver: zodResolver(welcomeSchema),
    defaultValues: { name: userName, organizationName: organization.name },
  });

  const skip = () => done.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) });

  async function save(values: WelcomeOutput) {
    try {
      if (values.name !== userName) await profile.mutateAsync({ name: values.name });
      if (values.organizationName !== organization.name) await rename.mutateAsync(values.organizationName);
      await done.mutateAsync();
      toast.success(`Welcome, ${values.name}`, { description: `${values.organizationName} is ready.` });
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  const busy = isSubmitting || done.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && skip()}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Welcome to Contactbook</DialogTitle>
          <DialogDescription>Tell us your name and your organization's. You can change both later in Settings.</DialogDescription>
        </DialogHeader>
        <form id="first-run-welcome" noValidate onSubmit={handleSubmit(save)} className="flex flex-col gap-4">
          <FormField id="welcome-name" label="Your name" error={errors.name?.message}>
            <Input autoComplete="name" disabled={busy} {...register("name")} />
          </FormField>
          <FormField id="welcome-organization" label="Organization name" error={errors.organizationName?.message}>
            <Input autoComplete="organization" disabled={busy} {...register("organizationName")} />
          </FormField>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={skip}>
            Skip
          </Button>
          <Button type="submit" form="first-run-welcome" disabled={busy}>
            {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
