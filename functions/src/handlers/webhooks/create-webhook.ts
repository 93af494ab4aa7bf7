import { createWebhook as route } from '@hatchworks/shared/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '@hatchworks/shared/schemas/webhooks';
import { forgetEggThresholds } from '../../modules/webhooks/thresholds';
import { authHandler } from '../../http/auth-handler';
import { created } from '../../http/response';
import { createEndpoint, toApiEndpoint } from '../../modules/webhooks/endpoints';
import { requireReachableUrl } from './url-check';

/** Adds an endpoint; its secret is in this answer only. */
export const handler = authHandler({
  route,
  handler: async ({ body }) => {
    await requireReachableUrl(body.url);
    const endpoint = await createEndpoint(body);
    forgetEggThresholds();
    return created(
      { endpoint: toApiEndpoint(endpoint), secret: endpoint.secret },
      WEBHOOK_MESSAGES.created,
    );
  },
});
