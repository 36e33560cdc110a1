import { zodResolver } from "@hookform/resolvers/zod";
import { formatDistanceToNow } from "date-fns";
import { Fingerprint, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { passkeyRenameSchema } from "@shared/passkey-schemas";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { getErrorMessage as errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { usePasskeyAddMutation, usePasskeyRemoveMutation, usePasskeyRenameMutation, usePasskeysQuery } from "../api";

type NameValues = z.input<typeof passkeyRenameSchema>;

/** Closing the browser's passkey prompt (or its timing out) is the person's choice, not an error. */
const cancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * Settings > Security > Passkeys: sign in without a password, with the device's screen lock or a
 * security key. Each is named; a passkey also counts as two-factor (docs/security.md).
 */
export function PasskeysCard() {
  const passkeys = usePasskeysQuery();
  const add = usePasskeyAddMutation();
  const rename = usePasskeyRenameMutation();
  const remove = usePasskeyRemoveMutation();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<NameValues>({ resolver: zodResolver(passkeyRenameSchema), defaultValues: { name: "" } });

  function handleAdd({ name }: NameValues) {
    add.mutate(name, {
      onSuccess: (passkey) => {
        toast.success("Passkey added", { description: `'${passkey.name}' can now sign you in.` });
        reset({ name: "" });
      },
      onError: (error) => {
        if (cancelled(error)) return;
        toast.error("Passkey not added", { description: errorMessage(error) });
      },
    });
  }

  function handleRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success("Passkey removed", { description: `'${removing.name}' can no longer sign you in.` });
        setRemoving(null);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  const items = passkeys.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your device's fingerprint, face or screen lock, or a security key, instead of your password. A passkey also counts as
          two-factor authentication.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={handleSubmit(handleAdd)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField id="passkey-name" label="Passkey name" error={errors.name?.message} className="flex-1">
            <Input placeholder="Work laptop" autoComplete="off" disabled={add.isPending} {...register("name")} />
          </FormField>
          <Button type="submit" disabled={add.isPending || !isDirty}>
            {add.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Fingerprint aria-hidden="true" />}
            Add a passkey
          </Button>
        </form>

        {passkeys.isPending ? (
          <p className="text-sm text-muted-foreground">Loading passkeys...</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul aria-label="Passkeys" className="flex flex-col divide-y rounded-md border">
            {items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                {renaming?.id === item.id ? (
                  <RenameForm
                    initial={item.name}
                    busy={rename.isPending}
                    onCancel={() => setRenaming(null)}
                    onSave={(name) =>
                      rename.mutate(
                        { id: item.id, name },
                        {
                          onSuccess: () => setRenaming(null),
                          onError: (error) => toast.error("Error", { description: errorMessage(error) }),
                        },
                      )
                    }
                  />
                ) : (
                  <>
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{item.name || "Passkey"}</p>
                      <p className="text-xs text-muted-foreground">
                        Added {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })} ·{" "}
                        {item.backedUp ? "Synced" : "This device only"}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" aria-label={`Rename ${item.name}`} onClick={() => setRenaming(item)}>
                        <Pencil aria-hidden="true" />
                        Rename
                      </Button>
                      <Button size="sm" variant="outline" aria-label={`Remove ${item.name}`} onClick={() => setRemoving(item)}>
                        <Trash2 aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={handleRemove}
        title="Remove passkey?"
        description={`'${removing?.name ?? ""}' will no longer sign you in. Remove it from the device or password manager too.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        icon={Trash2}
      />
    </Card>
  );
}

function RenameForm(props: { initial: string; busy: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NameValues>({ resolver: zodResolver(passkeyRenameSchema), defaultValues: { name: props.initial } });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ name }) => props.onSave(name))}
      className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end"
    >
      <FormField id="passkey-rename" label="New name" error={errors.name?.message} className="flex-1">
        <Input autoComplete="off" autoFocus disabled={props.busy} {...register("name")} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={props.busy}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
