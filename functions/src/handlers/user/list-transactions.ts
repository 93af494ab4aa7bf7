import { PageQuerySchema } from '@hatchworks/shared/schemas/envelope';
import type { LedgerFeature, LedgerPage } from '@hatchworks/shared/schemas/eggs';
import { listLedger } from '../../data/eggs-repository';
import { batchGetFeatures, isFeatureVisibleTo } from '../../data/features-repository';
import { referencedFeatureId, withFeatures } from '../../data/ledger';
import { authHandler } from '../../middleware/auth-handler';
import { page } from '../../middleware/response';

/**
 * The caller's ledger, a page at a time, each feature entry with its request's title, status and
 * project: one BatchGetItem for the page's distinct features, so the list answers on its own.
 */
export const handler = authHandler({
  query: PageQuerySchema,
  handler: async ({ query, user }) => {
    const caller = await user();
    const result = await listLedger(caller.id, query.limit, query.cursor);
    const stored = await batchGetFeatures(
      result.items.flatMap((e) => referencedFeatureId(e) ?? []),
    );
    const features = new Map<string, LedgerFeature>();
    for (const feature of stored.values()) {
      if (!isFeatureVisibleTo(feature, caller)) continue;
      const { id, title, status, project_id } = feature;
      features.set(id, { id, title, status, project_id });
    }
    return page<LedgerPage>(
      { transactions: withFeatures(result.items, features) },
      result.nextCursor,
    );
  },
});
