import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import type { LedgerPage } from '@hatchworks/shared/schemas/eggs';
import { listLedger } from '../../data/eggs-repository';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

export const handler = authHandler({
  query: PageQuerySchema,
  handler: async ({ query, user }) => {
    const result = await listLedger((await user()).id, query.limit, query.cursor);
    return page<LedgerPage>({ transactions: result.items }, result.nextCursor);
  },
});
