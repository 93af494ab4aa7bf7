import { z } from 'zod';
import {
  EggAdjustmentInputSchema,
  type EggAdjustmentResult,
} from '@hatchworks/shared/schemas/eggs';
import { adjustEggs } from '../../data/eggs-repository';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  params: z.object({ id: z.string().min(1).max(64) }),
  body: EggAdjustmentInputSchema,
  handler: async ({ params, body }): Promise<EggAdjustmentResult> =>
    adjustEggs(params.id, body.amount, body.reason),
});
