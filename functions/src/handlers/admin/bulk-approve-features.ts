import {
  BulkApproveInputSchema,
  type BulkApproveResult,
} from '@hatchworks/shared/schemas/features';
import { changeFeatureStatus } from '../../data/feature-moderation';
import { AppError } from '../../lib/errors';
import { authHandler } from '../../middleware/auth-handler';

export const handler = authHandler({
  body: BulkApproveInputSchema,
  handler: async ({ body }): Promise<BulkApproveResult> => {
    const ids = [...new Set(body.feature_ids)];
    // Each approval is its own transaction; one that cannot happen does not stop the others.
    const outcomes = await Promise.allSettled(
      ids.map((id) => changeFeatureStatus(id, 'approved', body.notes)),
    );
    const result: BulkApproveResult = { approved: [], failed: [] };
    outcomes.forEach((outcome, index) => {
      const id = ids[index] ?? '';
      if (outcome.status === 'fulfilled') result.approved.push(id);
      else if (outcome.reason instanceof AppError)
        result.failed.push({ id, error: outcome.reason.message });
      else throw outcome.reason;
    });
    return result;
  },
});
