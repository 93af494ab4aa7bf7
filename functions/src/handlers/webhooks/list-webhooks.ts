import { listWebhooks as route } from '@hatchworks/shared/contracts/webhooks';
import { authHandler } from '../../http/auth-handler';
import { listEndpoints, toApiEndpoint } from '../../modules/webhooks/endpoints';

export const handler = authHandler({
  route,
  handler: async () => ({ endpoints: (await listEndpoints()).map(toApiEndpoint) }),
});
