import { testWebhook as route } from '@hatchworks/shared/contracts/webhooks';
import { WEBHOOK_MESSAGES } from '@hatchworks/shared/schemas/webhooks';
import { authHandler } from '../../http/auth-handler';
import { withMessage } from '../../http/response';
import { sendTestEvent } from '../../modules/webhooks/delivery';
import { requireEndpoint } from '../../modules/webhooks/endpoints';

/** Sends the test event now and answers the attempt as the log shows it (no retry). */
export const handler = authHandler({
  route,
  handler: async ({ params }) => {
    const delivery = await sendTestEvent(await requireEndpoint(params.id));
    return withMessage(delivery, WEBHOOK_MESSAGES.testSent);
  },
});
