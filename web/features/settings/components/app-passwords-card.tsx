import { zodResolver } from "@hookform/resolvers/zod";
import { formatDistanceToNow } from "date-fns";
import { KeyRound, LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import type { z } from "zod";
import { appPasswordCreateSchema } from "@shared/app-password-schemas";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ShownOnce } from "@/components/shown-once";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { getErrorMessage as errorMessage } from "@/lib/error-message";
import { useAppPasswordCreateMutation, useAppPasswordRevokeMutation, useAppPasswordsQuery } from "../api";

type CreateValues = z.input<typeof appPasswordCreateSchema>;

/**
 * Settings > Security > App passwords: one per device that syncs contacts over CardDAV. A new password
 * is shown once (the server keeps only its hash); revoking one stops that device at its next request.
 */
export function AppPasswordsCard() {
  const passwords = useAppPasswordsQuery();
  const create = useAppPasswordCreateMutation();
  const revoke = useAppPasswordRevokeMutation();
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<CreateValues>({ resolver: zodResolver(appPasswordCreateSchema), defaultValues: { name: "" } });

  function handleCreate({ name }: CreateValues) {
    create.mutate(name, {
      onSuccess: (answer) => {
        setCreated({ name: answer.appPassword.name, password: answer.password });
        reset({ name: "" });
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  function handleRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success("App password revoked", { description: `'${revoking.name}' can no longer sync.` });
        setRevoking(null);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  const items = passwords.data?.appPasswords ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>App passwords</CardTitle>
        <CardDescription>
          Phones and computers sync your organizations' contacts with an app password, never your account password. Create one per device.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={handleSubmit(handleCreate)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField id="app-password-name" label="Device name" error={errors.name?.message} className="flex-1">
            <Input placeholder="Jane's iPhone" autoComplete="off" disabled={create.isPending} {...register("name")} />
          </FormField>
          <Button type="submit" disabled={create.isPending || !isDirty}>
            {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <KeyRound aria-hidden="true" />}
            Create app password
          </Button>
        </form>

        {created && (
          <ShownOnce
            icon={<KeyRound aria-hidden="true" />}
            title={`App password for '${created.name}'`}
            instructions="Copy this password now and enter it on the device. It won't be shown again."
            value={created.password}
            noun="password"
            testId="new-app-password"
            onDone={() => setCreated(null)}
          />
        )}

        {passwords.isPending ? (
          <p className="text-sm text-muted-foreground">Loading app passwords...</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No app passwords yet.</p>
        ) : (
          <ul aria-label="App passwords" className="flex flex-col divide-y rounded-md border">
            {items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{item.name}</p>
                  <p className="text-xs text-muted-foreground">
                    Created {formatDistanceToNow(new Date(item.created_at), { addSuffix: true })} ·{" "}
                    {item.last_used_at
                      ? `Last used ${formatDistanceToNow(new Date(item.last_used_at), { addSuffix: true })}`
                      : "Never used"}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Revoke ${item.name}`}
                  onClick={() => setRevoking({ id: item.id, name: item.name })}
                >
                  <Trash2 aria-hidden="true" />
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={handleRevoke}
        title="Revoke app password?"
        description={`Devices using '${revoking?.name ?? ""}' will stop syncing at once. You can create a new password for them.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        icon={Trash2}
      />
    </Card>
  );
}
