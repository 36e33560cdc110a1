import { format, formatDistanceToNow } from "date-fns";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import type { ApiTokenView } from "@shared/api-tokens";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useApiTokenRevokeMutation, useApiTokensQuery } from "../api";
import { ApiTokenCreateForm } from "./api-token-create-form";
import { ApiTokenSecret } from "./api-token-secret";

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");

function expiryText(token: ApiTokenView): string {
  if (!token.expiresAt) return "Never expires";
  return new Date(token.expiresAt).getTime() <= Date.now() ? `Expired ${day(token.expiresAt)}` : `Expires ${day(token.expiresAt)}`;
}

function TokenRow({ token, onRevoke }: { token: ApiTokenView; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="api-token-row">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="truncate text-sm font-medium">{token.name}</p>
        <div className="flex flex-wrap gap-1" aria-label="Scopes">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="secondary" className="font-mono">
              {scope}
            </Badge>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          Created {day(token.createdAt)}
          {token.createdBy ? ` by ${token.createdBy.name}` : ""} ·{" "}
          {token.lastUsedAt ? `Last used ${formatDistanceToNow(new Date(token.lastUsedAt), { addSuffix: true })}` : "Never used"} ·{" "}
          {expiryText(token)}
        </p>
      </div>
      <Button size="sm" variant="outline" className="self-start sm:self-center" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
        <Trash2 aria-hidden="true" />
        Revoke
      </Button>
    </li>
  );
}

/**
 * Settings > Integrations > API tokens: tokens other systems use to read and write this organization's
 * book within their scopes. A new token's secret is shown once; revoking one stops it at its next request.
 */
export function ApiTokensPanel({ orgId }: { orgId: string }) {
  const tokens = useApiTokensQuery(orgId);
  const revoke = useApiTokenRevokeMutation(orgId);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const items = tokens.data?.items ?? [];

  function handleRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.success("API token revoked", { description: `'${revoking.name}' no longer works.` });
        setRevoking(null);
      },
      onError: (error) => toast.error("The token was not revoked", { description: getErrorMessage(error) }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>
          Other systems (a booking tool, a spreadsheet script) use a token to read or change this organization's contacts and groups, within
          the scopes you give it. It works while the person who created it is an owner or admin here. Send it in the request's{" "}
          <code className="text-xs">Authorization: Bearer</code> header.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ApiTokenCreateForm orgId={orgId} onCreated={(name, token) => setCreated({ name, token })} />
        {created && <ApiTokenSecret name={created.name} token={created.token} onDone={() => setCreated(null)} />}
        {tokens.isPending ? (
          <p className="text-sm text-muted-foreground">Loading API tokens...</p>
        ) : tokens.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(tokens.error)}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API tokens yet.</p>
        ) : (
          <ul aria-label="API tokens" className="flex flex-col divide-y rounded-md border">
            {items.map((token) => (
              <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        onConfirm={handleRevoke}
        title="Revoke API token?"
        description={`Systems using '${revoking?.name ?? ""}' will be refused from their next request. This cannot be undone; you can create a new token.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        icon={Trash2}
      />
    </Card>
  );
}
