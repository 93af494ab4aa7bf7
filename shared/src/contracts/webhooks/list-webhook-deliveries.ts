import type { RouteContract } from '../../contract';
import { WebhookDeliveryListSchema, WebhookIdParamsSchema } from '../../schemas/webhooks';

/** The endpoint's latest attempts, newest first (`WEBHOOK_LIMITS.deliveriesShown`). */
export const listWebhookDeliveries = {
  id: 'ListWebhookDeliveries',
  method: 'GET',
  path: '/api/admin/webhooks/{id}/deliveries',
  access: 'admin',
  params: WebhookIdParamsSchema,
  data: WebhookDeliveryListSchema,
} as const satisfies RouteContract;
