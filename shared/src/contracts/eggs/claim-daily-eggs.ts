import type { RouteContract } from '../../contract';
import { DailyClaimResultSchema } from '../../schemas/daily-claim';

/** The daily eggs, once per day. */
export const claimDailyEggs = {
  id: 'ClaimDailyEggs',
  method: 'POST',
  path: '/api/user/claim-daily-eggs',
  access: 'user',
  data: DailyClaimResultSchema,
} as const satisfies RouteContract;
