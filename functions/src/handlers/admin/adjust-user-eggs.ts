import { type EggAdjustmentResult } from '@hatchworks/shared/schemas/eggs';
import { adjustEggs } from '../../modules/eggs/eggs-repository';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { adjustUserEggs as route } from '@hatchworks/shared/contracts/eggs';

export const handler = authHandler({
  route,
  handler: async ({ event, params, body, user }): Promise<EggAdjustmentResult> => {
    const key = idempotencyKey(event);
    return adjustEggs(
      params.id,
      body.amount,
      body.reason,
      key ? { callerId: (await user()).id, key } : undefined,
    );
  },
});
