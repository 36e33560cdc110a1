import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WebhookEvent } from "@shared/webhooks";
import { call, client, withSignal } from "@/api";

/** The webhook panel's queries and mutations (Settings > Integrations), for one organization. */
export const webhookKeys = {
  all: (orgId: string) => ["webhooks", orgId] as const,
  deliveries: (orgId: string, id: string) => ["webhooks", orgId, id, "deliveries"] as const,
};

const hooks = client.orgs[":orgId"].webhooks;
const hook = client.orgs[":orgId"].webhooks[":id"];

export function useWebhooksQuery(orgId: string) {
  return useQuery({
    queryKey: webhookKeys.all(orgId),
    queryFn: ({ signal }) => call(hooks.$get({ param: { orgId } }, withSignal(signal))),
  });
}

/** The endpoint's delivery log; refreshed every few seconds while open (retries and test events land there). */
export function useWebhookDeliveriesQuery(orgId: string, id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(orgId, id),
    queryFn: ({ signal }) => call(hook.deliveries.$get({ param: { orgId, id } }, withSignal(signal))),
    refetchInterval: 3000,
  });
}

/** Registers an endpoint; its signing secret is in this answer only. */
export function useCreateWebhookMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { url: string; events: WebhookEvent[] }) => call(hooks.$post({ param: { orgId }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(orgId) }),
  });
}

export function useUpdateWebhookMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...json }: { id: string; enabled?: boolean; url?: string; events?: WebhookEvent[] }) =>
      call(hook.$patch({ param: { orgId, id }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(orgId) }),
  });
}

export function useDeleteWebhookMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(hook.$delete({ param: { orgId, id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(orgId) }),
  });
}

/** 'Send test event': queued at once; the delivery log shows the outcome. */
export function useTestWebhookMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(hook.test.$post({ param: { orgId, id } })),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(orgId, id) }),
  });
}
