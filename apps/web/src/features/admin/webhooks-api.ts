import type { Webhook, WebhookDelivery, WebhookInput, WebhookUpdate } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

const WEBHOOKS = ['webhooks'] as const;
const DELIVERIES = ['webhook-deliveries'] as const;

/** The tenant's webhook subscriptions (`/v2/webhooks`, admins). */
export function useWebhooks() {
  const session = useStoredSession();
  return useQuery({
    queryKey: [...WEBHOOKS, session?.tenantId ?? null],
    queryFn: () => api.request<Webhook[]>('GET', '/v2/webhooks'),
    enabled: session !== null,
  });
}

function useWebhookMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

/** Answers the subscription with its secret, shown this once. */
export function useCreateWebhook() {
  return useWebhookMutation((input: WebhookInput) =>
    api.request<Webhook>('POST', '/v2/webhooks', { body: input }),
  );
}

export function useUpdateWebhook() {
  return useWebhookMutation(({ id, ...changes }: Partial<WebhookUpdate> & { id: string }) =>
    api.request<Webhook>('PUT', `/v2/webhooks/${id}`, { body: changes }),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: string) =>
    api.request<{ deleted: boolean }>('DELETE', `/v2/webhooks/${id}`),
  );
}

export const DELIVERY_PAGE_SIZE = 20;

/** One page of a subscription's delivery log, newest first. */
export function useWebhookDeliveries(webhookId: string, page: number) {
  return useQuery({
    queryKey: [...DELIVERIES, webhookId, page],
    queryFn: () =>
      api.requestWithMeta<WebhookDelivery[], { totalCount: number }>(
        'GET',
        `/v2/webhooks/${webhookId}/deliveries`,
        {
          query: { pg: String(page), size: String(DELIVERY_PAGE_SIZE) },
        },
      ),
  });
}

function useDeliveryMutation<I>(call: (input: I) => Promise<WebhookDelivery>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERIES }),
  });
}

/** A fresh attempt now; answers the delivery with it. */
export function useResendWebhookDelivery() {
  return useDeliveryMutation((input: { webhookId: string; deliveryId: string }) =>
    api.request<WebhookDelivery>(
      'POST',
      `/v2/webhooks/${input.webhookId}/deliveries/${input.deliveryId}/resend`,
    ),
  );
}

export function useSendWebhookTest() {
  return useDeliveryMutation((webhookId: string) =>
    api.request<WebhookDelivery>('POST', `/v2/webhooks/${webhookId}/test`),
  );
}
