import type { RouteContract } from '../../contract';
import { WebhookIdParamsSchema } from '../../schemas/webhooks';

export const deleteWebhook = {
  id: 'DeleteWebhook',
  method: 'DELETE',
  path: '/api/admin/webhooks/{id}',
  access: 'admin',
  params: WebhookIdParamsSchema,
} as const satisfies RouteContract;
