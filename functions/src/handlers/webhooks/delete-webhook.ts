import { deleteWebhook as route } from '@hatchworks/shared/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '@hatchworks/shared/schemas/webhooks';
import { forgetEggThresholds } from '../../modules/webhooks/thresholds';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { deleteEndpoint } from '../../modules/webhooks/endpoints';

export const handler = authHandler({
  route,
  handler: async ({ params }) => {
    await deleteEndpoint(params.id);
    forgetEggThresholds();
    return withMessage({ deleted: true, id: params.id }, WEBHOOK_MESSAGES.deleted);
  },
});
