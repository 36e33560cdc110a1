import { KeyRound, LoaderCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { API_SCOPE_LABELS, API_SCOPES, API_TOKEN_NAME_MAX_LENGTH, type ApiScope } from "@shared/api-tokens";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useApiTokenCreateMutation } from "../api";

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** A new token's name, scopes and optional last day; on success the secret goes to `onCreated`, once. */
export function ApiTokenCreateForm({ orgId, onCreated }: { orgId: string; onCreated: (name: string, token: string) => void }) {
  const ids = useId();
  const create = useApiTokenCreateMutation(orgId);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["contacts:read"]);
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});

  function toggle(scope: ApiScope, on: boolean) {
    setScopes((current) => (on ? API_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const found = {
      ...(trimmed ? {} : { name: "Name is required" }),
      ...(scopes.length ? {} : { scopes: "Choose at least one scope" }),
    };
    setErrors(found);
    if (found.name || found.scopes) return;
    // The expiry is the end of the chosen day, where the admin is.
    const expiresAt = expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null;
    create.mutate(
      { name: trimmed, scopes, expiresAt },
      {
        onSuccess: (answer) => {
          onCreated(answer.apiToken.name, answer.token);
          setName("");
          setExpiry("");
        },
        onError: (error) => toast.error("The token was not created", { description: getErrorMessage(error) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Create an API token">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${ids}-name`} label="Name" error={errors.name}>
          <Input
            placeholder="Booking sync"
            autoComplete="off"
            maxLength={API_TOKEN_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={create.isPending}
          />
        </FormField>
        <FormField id={`${ids}-expiry`} label="Expires (optional)" description="Leave empty for a token that does not expire.">
          <Input type="date" min={today()} value={expiry} onChange={(e) => setExpiry(e.target.value)} disabled={create.isPending} />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.scopes ? `${ids}-scopes-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {API_SCOPES.map((scope) => (
          <div key={scope} className="flex items-center gap-2">
            <Checkbox
              id={`${ids}-${scope}`}
              checked={scopes.includes(scope)}
              onCheckedChange={(checked) => toggle(scope, checked === true)}
              disabled={create.isPending}
            />
            <Label htmlFor={`${ids}-${scope}`} className="font-normal">
              <code className="text-xs">{scope}</code>
              <span className="text-muted-foreground">{API_SCOPE_LABELS[scope]}</span>
            </Label>
          </div>
        ))}
        {errors.scopes && (
          <p id={`${ids}-scopes-error`} role="alert" className="text-sm text-destructive">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <KeyRound aria-hidden="true" />}
        Create token
      </Button>
    </form>
  );
}
