import type { RouteContract } from '../contract';
import { PageQuerySchema } from '../schemas/envelope';
import {
  DailyClaimResultSchema,
  EggAdjustmentInputSchema,
  EggAdjustmentParamsSchema,
  EggAdjustmentResultSchema,
  LedgerPageSchema,
} from '../schemas/eggs';

/** The daily eggs, once per day. */
export const claimDailyEggs = {
  id: 'ClaimDailyEggs',
  method: 'POST',
  path: '/api/user/claim-daily-eggs',
  access: 'user',
  data: DailyClaimResultSchema,
} as const satisfies RouteContract;

/** The signed-in user's ledger, newest first. */
export const listTransactions = {
  id: 'ListTransactions',
  method: 'GET',
  path: '/api/user/transactions',
  access: 'user',
  query: PageQuerySchema,
  data: LedgerPageSchema,
  page: true,
} as const satisfies RouteContract;

export const adjustUserEggs = {
  id: 'AdjustUserEggs',
  method: 'POST',
  path: '/api/admin/users/{id}/eggs',
  access: 'admin',
  params: EggAdjustmentParamsSchema,
  body: EggAdjustmentInputSchema,
  data: EggAdjustmentResultSchema,
} as const satisfies RouteContract;
