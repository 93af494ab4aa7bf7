import type { RouteContract } from '../../contract';
import {
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookIdParamsSchema,
} from '../../schemas/webhooks';

export const updateWebhook = {
  id: 'UpdateWebhook',
  method: 'PUT',
  path: '/api/admin/webhooks/{id}',
  access: 'admin',
  params: WebhookIdParamsSchema,
  body: WebhookEndpointUpdateSchema,
  bodyMessages: true,
  data: WebhookEndpointSchema,
} as const satisfies RouteContract;
