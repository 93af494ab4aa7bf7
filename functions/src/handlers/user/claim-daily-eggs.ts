import type { DailyClaimResult } from '@hatchworks/shared/schemas/eggs';
import { claimDailyEggs } from '../../data/eggs-repository';
import { authHandler } from '../../middleware/auth-handler';
import { idempotencyKey } from '../../middleware/idempotency-key';
import { claimDailyEggs as route } from '@hatchworks/shared/contracts/eggs';

export const handler = authHandler({
  route,
  handler: async ({ event, user }): Promise<DailyClaimResult> =>
    claimDailyEggs((await user()).id, idempotencyKey(event)),
});
