import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from '@hatchworks/shared/contracts/webhooks';
import type {
  WebhookEndpointInput,
  WebhookEndpointUpdate,
} from '@hatchworks/shared/schemas/webhooks';
import { api } from '../../../lib/api-client';

export const WEBHOOKS_FAILED = 'Failed to load webhooks';
export const DELIVERIES_FAILED = 'Failed to load the delivery log';
export const SAVE_WEBHOOK_FAILED = 'Failed to save the webhook';
export const DELETE_WEBHOOK_FAILED = 'Failed to delete the webhook';
export const TEST_WEBHOOK_FAILED = 'Failed to send the test event';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

/** `GET /api/admin/webhooks`. */
export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: async ({ signal }) =>
      (await api(listWebhooks, { fallbackMessage: WEBHOOKS_FAILED, signal })).data.endpoints,
  });
}

/** `GET /api/admin/webhooks/{id}/deliveries`: the latest 50 attempts, while `enabled`. */
export function useDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) =>
      (
        await api(listWebhookDeliveries, {
          params: { id },
          fallbackMessage: DELIVERIES_FAILED,
          signal,
        })
      ).data.deliveries,
    enabled,
  });
}

/** Every webhook query again: the list and the open logs. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: WebhookEndpointInput) =>
      api(createWebhook, { body: input, fallbackMessage: SAVE_WEBHOOK_FAILED }),
    onSuccess: refresh,
  });
}

export function useUpdateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, update }: { id: string; update: WebhookEndpointUpdate }) =>
      api(updateWebhook, { params: { id }, body: update, fallbackMessage: SAVE_WEBHOOK_FAILED }),
    onSuccess: refresh,
  });
}

/** `onDeleted` runs before the list refreshes, which takes the deleted endpoint's card away. */
export function useDeleteWebhook(onDeleted: () => void) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) =>
      api(deleteWebhook, { params: { id }, fallbackMessage: DELETE_WEBHOOK_FAILED }),
    onSuccess: async () => {
      onDeleted();
      await refresh();
    },
  });
}

export function useTestWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) =>
      api(testWebhook, { params: { id }, fallbackMessage: TEST_WEBHOOK_FAILED }),
    onSuccess: refresh,
  });
}
