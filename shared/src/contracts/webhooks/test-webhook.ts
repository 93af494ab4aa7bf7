import type { RouteContract } from '../../contract';
import { WebhookDeliverySchema, WebhookIdParamsSchema } from '../../schemas/webhooks';

/** Sends the test event to one endpoint now (disabled or not) and answers how it went. */
export const testWebhook = {
  id: 'TestWebhook',
  method: 'POST',
  path: '/api/admin/webhooks/{id}/test',
  access: 'admin',
  params: WebhookIdParamsSchema,
  data: WebhookDeliverySchema,
} as const satisfies RouteContract;
