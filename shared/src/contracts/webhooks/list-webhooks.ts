import type { RouteContract } from '../../contract';
import { WebhookEndpointListSchema } from '../../schemas/webhooks';

export const listWebhooks = {
  id: 'ListWebhooks',
  method: 'GET',
  path: '/api/admin/webhooks',
  access: 'admin',
  data: WebhookEndpointListSchema,
} as const satisfies RouteContract;
