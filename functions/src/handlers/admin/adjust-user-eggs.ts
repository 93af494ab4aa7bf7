import * as z from '@hatchworks/shared/zod';
import {
  EggAdjustmentInputSchema,
  type EggAdjustmentResult,
} from '@hatchworks/shared/schemas/eggs';
import { adjustEggs } from '../../data/eggs-repository';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';

export const handler = authHandler({
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  body: EggAdjustmentInputSchema,
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
