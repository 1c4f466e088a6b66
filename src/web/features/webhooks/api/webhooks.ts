import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  WebhookDeliveryListSchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointListSchema,
  type WebhookEndpointBody,
} from '../../../../shared/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';

const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) =>
      apiClient.get(apiPaths.webhooks, WebhookEndpointListSchema, { signal }),
  });
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) =>
      apiClient.get(apiPaths.webhookDeliveries(id), WebhookDeliveryListSchema, { signal }),
  });
}

/** POST /api/webhooks: the answer carries the signing secret, this once. */
export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointBody) =>
      apiClient.post(apiPaths.webhooks, body, WebhookEndpointCreatedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(apiPaths.webhook(id), z.object({ deleted: z.literal(true) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
