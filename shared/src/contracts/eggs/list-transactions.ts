import type { RouteContract } from '../../contract';
import { LedgerPageSchema } from '../../schemas/eggs';
import { PageQuerySchema } from '../../schemas/envelope';

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
