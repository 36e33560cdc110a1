import { formatDistanceToNow } from "date-fns";
import { History, LoaderCircle, Send, Trash2, Webhook as WebhookIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from "@shared/webhooks";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ShownOnce } from "@/components/shown-once";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { getErrorMessage as errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useUpdateWebhookMutation,
  useWebhookDeliveriesQuery,
  useWebhooksQuery,
} from "../webhooks-api";

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/**
 * Settings > Integrations > Webhooks (owner and admins): the organization's endpoints, a form to add one
 * (its signing secret shown once), turning one on or off, deleting it, 'Send test event', and each
 * endpoint's delivery log.
 */
export function WebhooksPanel({ organizationId }: { organizationId: string }) {
  const webhooks = useWebhooksQuery(organizationId);
  const update = useUpdateWebhookMutation(organizationId);
  const remove = useDeleteWebhookMutation(organizationId);
  const test = useTestWebhookMutation(organizationId);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);

  const items = webhooks.data?.items ?? [];

  function toggle(webhook: Webhook, enabled: boolean) {
    update.mutate(
      { id: webhook.id, enabled },
      {
        onSuccess: () => toast.success(enabled ? "Webhook turned on" : "Webhook turned off"),
        onError: (error) => toast.error("Error", { description: errorMessage(error) }),
      },
    );
  }

  function sendTest(webhook: Webhook) {
    test.mutate(webhook.id, {
      onSuccess: () => {
        toast.success("Test event sent", { description: "Its result appears in the delivery log." });
        setLogOf(webhook.id);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Webhook deleted");
        if (logOf === deleting.id) setLogOf(null);
        setDeleting(null);
      },
      onError: (error) => toast.error("Error", { description: errorMessage(error) }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Tell your other systems when contacts, groups or imports change. Each event is sent as a signed POST request to the URL you give.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <AddWebhookForm organizationId={organizationId} onCreated={setCreated} />

        {created && (
          <ShownOnce
            icon={<WebhookIcon aria-hidden="true" />}
            title={`Signing secret for ${created.url}`}
            instructions="Copy this secret now and give it to the receiving system to check signatures. It won't be shown again."
            value={created.secret}
            noun="secret"
            testId="new-webhook-secret"
            onDone={() => setCreated(null)}
          />
        )}

        {webhooks.isPending ? (
          <p className="text-sm text-muted-foreground">Loading webhooks...</p>
        ) : webhooks.isError ? (
          <p className="text-sm text-destructive">{errorMessage(webhooks.error)}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhooks yet.</p>
        ) : (
          <ul aria-label="Webhooks" className="flex flex-col divide-y rounded-md border">
            {items.map((webhook) => (
              <li key={webhook.id} className="flex flex-col gap-2 px-3 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm">{webhook.url}</p>
                    <p className="text-xs text-muted-foreground">
                      {webhook.events.length === WEBHOOK_EVENT_TYPES.length ? "All events" : webhook.events.join(", ")} · Added{" "}
                      {ago(webhook.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Switch
                      id={`webhook-enabled-${webhook.id}`}
                      checked={webhook.enabled}
                      disabled={update.isPending}
                      onCheckedChange={(on) => toggle(webhook, on)}
                      aria-label={`Send events to ${webhook.url}`}
                    />
                    <Badge variant={webhook.enabled ? "secondary" : "outline"}>{webhook.enabled ? "On" : "Off"}</Badge>
                  </div>
                </div>
                {webhook.disabled_reason && <p className="text-xs text-destructive">{webhook.disabled_reason}</p>}
                {!webhook.disabled_reason && webhook.failing_since && (
                  <p className="text-xs text-destructive">Deliveries have been failing since {ago(webhook.failing_since)}.</p>
                )}
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" disabled={!webhook.enabled || test.isPending} onClick={() => sendTest(webhook)}>
                    <Send aria-hidden="true" />
                    Send test event
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-expanded={logOf === webhook.id}
                    onClick={() => setLogOf(logOf === webhook.id ? null : webhook.id)}
                  >
                    <History aria-hidden="true" />
                    {logOf === webhook.id ? "Hide delivery log" : "Delivery log"}
                  </Button>
                  <Button size="sm" variant="outline" aria-label={`Delete webhook ${webhook.url}`} onClick={() => setDeleting(webhook)}>
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </div>
                {logOf === webhook.id && <DeliveryLog organizationId={organizationId} webhook={webhook} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={handleDelete}
        title="Delete webhook?"
        description={`Events will no longer be sent to ${deleting?.url ?? ""}, and its delivery log is deleted too.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        icon={Trash2}
      />
    </Card>
  );
}

function AddWebhookForm({
  organizationId,
  onCreated,
}: {
  organizationId: string;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const create = useCreateWebhookMutation(organizationId);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<Set<WebhookEvent>>(new Set(["contact.created", "contact.updated", "contact.deleted"]));
  const [error, setError] = useState<{ url?: string; events?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof error = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) problems.url = "Enter a URL starting with https:// or http://";
    if (events.size === 0) problems.events = "Choose at least one event";
    setError(problems);
    if (problems.url || problems.events) return;
    create.mutate(
      { url: url.trim(), events: WEBHOOK_EVENT_TYPES.filter((e) => events.has(e)) },
      {
        onSuccess: (answer) => {
          onCreated({ url: answer.webhook.url, secret: answer.secret });
          setUrl("");
        },
        onError: (failure) => setError({ url: errorMessage(failure) }),
      },
    );
  }

  const flip = (name: WebhookEvent, on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Add a webhook">
      <FormField id="webhook-url" label="Endpoint URL" error={error.url}>
        <Input
          placeholder="https://example.com/contactbook-events"
          autoComplete="off"
          value={url}
          disabled={create.isPending}
          onChange={(e) => setUrl(e.target.value)}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2" aria-describedby={error.events ? "webhook-events-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((name) => (
            <div key={name} className="flex items-center gap-2">
              <Checkbox id={`webhook-event-${name}`} checked={events.has(name)} onCheckedChange={(on) => flip(name, on === true)} />
              <Label htmlFor={`webhook-event-${name}`} className="font-normal">
                {WEBHOOK_EVENTS[name]} <span className="font-mono text-xs text-muted-foreground">{name}</span>
              </Label>
            </div>
          ))}
        </div>
        {error.events && (
          <p id="webhook-events-error" role="alert" className="text-sm text-destructive">
            {error.events}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <WebhookIcon aria-hidden="true" />}
          Add webhook
        </Button>
      </div>
    </form>
  );
}

const STATUS_LABEL = { pending: "Waiting", delivered: "Delivered", failed: "Failed" } as const;

function DeliveryLog({ organizationId, webhook }: { organizationId: string; webhook: Webhook }) {
  const log = useWebhookDeliveriesQuery(organizationId, webhook.id);
  if (log.isPending) return <p className="text-sm text-muted-foreground">Loading deliveries...</p>;
  if (log.isError) return <p className="text-sm text-destructive">{errorMessage(log.error)}</p>;
  if (log.data.items.length === 0) return <p className="text-sm text-muted-foreground">Nothing has been sent to this endpoint yet.</p>;
  return (
    <Table caption={`Deliveries to ${webhook.url}`}>
      <TableHeader>
        <TableHead>Event</TableHead>
        <TableHead>Result</TableHead>
        <TableHead>Status code</TableHead>
        <TableHead>Time taken</TableHead>
        <TableHead>Attempt</TableHead>
        <TableHead>Response</TableHead>
        <TableHead>When</TableHead>
      </TableHeader>
      <tbody>
        {log.data.items.map((d) => (
          <TableRow key={d.id}>
            <TableCell className="font-mono text-xs">{d.event}</TableCell>
            <TableCell>
              <Badge variant={d.status === "delivered" ? "secondary" : d.status === "failed" ? "destructive" : "outline"}>
                {STATUS_LABEL[d.status]}
              </Badge>
              {d.status === "pending" && d.next_attempt_at && d.attempt > 0 && (
                <span className="block text-xs text-muted-foreground">Next try {ago(d.next_attempt_at)}</span>
              )}
            </TableCell>
            <TableCell>{d.status_code ?? "-"}</TableCell>
            <TableCell>{d.duration_ms === null ? "-" : `${d.duration_ms} ms`}</TableCell>
            <TableCell>{d.attempt}</TableCell>
            <TableCell className="max-w-64 truncate font-mono text-xs" title={d.error ?? d.response_excerpt ?? ""}>
              {d.error ?? d.response_excerpt ?? "-"}
            </TableCell>
            <TableCell className="whitespace-nowrap text-xs">{ago(d.last_attempt_at ?? d.created_at)}</TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
