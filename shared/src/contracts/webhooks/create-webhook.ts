import type { RouteContract } from '../../contract';
import { CreatedWebhookEndpointSchema, WebhookEndpointInputSchema } from '../../schemas/webhooks';

export const createWebhook = {
  id: 'CreateWebhook',
  method: 'POST',
  path: '/api/admin/webhooks',
  access: 'admin',
  body: WebhookEndpointInputSchema,
  bodyMessages: true,
  data: CreatedWebhookEndpointSchema,
} as const satisfies RouteContract;
