import { listWebhookDeliveries as route } from '@hatchworks/shared/contracts/webhooks';
import { authHandler } from '../../http/auth-handler';
import { listDeliveries } from '../../modules/webhooks/deliveries';
import { requireEndpoint } from '../../modules/webhooks/endpoints';

export const handler = authHandler({
  route,
  handler: async ({ params }) => {
    await requireEndpoint(params.id);
    return { deliveries: await listDeliveries(params.id) };
  },
});
