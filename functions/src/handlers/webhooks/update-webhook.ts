import { updateWebhook as route } from '@hatchworks/shared/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '@hatchworks/shared/schemas/webhooks';
import { forgetEggThresholds } from '../../modules/webhooks/thresholds';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { requireEndpoint, toApiEndpoint, updateEndpoint } from '../../modules/webhooks/endpoints';
import { requireReachableUrl } from './url-check';

/** Saves an endpoint's settings; `enabled: true` switches on one that was switched off. */
export const handler = authHandler({
  route,
  handler: async ({ params, body }) => {
    const before = await requireEndpoint(params.id);
    await requireReachableUrl(body.url);
    const endpoint = await updateEndpoint(params.id, body);
    forgetEggThresholds();
    const message =
      !before.enabled && endpoint.enabled ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.updated;
    return withMessage(toApiEndpoint(endpoint), message);
  },
});
