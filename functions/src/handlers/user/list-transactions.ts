import type { LedgerPage } from '@hatchworks/shared/schemas/eggs';
import { listLedger } from '../../modules/eggs/eggs-repository';
import { withLedgerFeatures } from '../../modules/features/features-repository';
import { authHandler } from '../../http/auth-handler';
import { page } from '../../http/response';
import { listTransactions as route } from '@hatchworks/shared/contracts/eggs';

/**
 * The caller's ledger, a page at a time, each feature entry with its request's title, status and
 * project, so the list answers on its own (one BatchGetItem for the page's features).
 */
export const handler = authHandler({
  route,
  handler: async ({ query, user }) => {
    const caller = await user();
    const result = await listLedger(caller.id, query.limit, query.cursor);
    const transactions = await withLedgerFeatures(result.items, caller);
    return page<LedgerPage>({ transactions }, result.nextCursor);
  },
});
