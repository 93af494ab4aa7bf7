import type { DailyClaimResult } from '@hatchworks/shared/schemas/eggs';
import { claimDailyEggs } from '../../modules/eggs/eggs-repository';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { claimDailyEggs as route } from '@hatchworks/shared/contracts/eggs';

export const handler = authHandler({
  route,
  handler: async ({ event, user }): Promise<DailyClaimResult> =>
    claimDailyEggs((await user()).id, idempotencyKey(event)),
});
