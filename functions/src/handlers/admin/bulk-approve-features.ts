import { type BulkApproveResult } from '@hatchworks/shared/schemas/features';
import {
  replayed,
  storeOutcome,
  type CallerIdempotency,
} from '../../modules/eggs/caller-idempotency';
import { changeFeatureStatus } from '../../modules/features/feature-moderation';
import { AppError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import { idempotencyKey } from '../../http/idempotency-key';
import { bulkApproveFeatures as route } from '@hatchworks/shared/contracts/features';

export const handler = authHandler({
  route,
  handler: async ({ event, body, user }): Promise<BulkApproveResult> => {
    const ids = [...new Set(body.feature_ids)];
    const key = idempotencyKey(event);
    const now = new Date();
    const actorId = (await user()).id;
    const record: CallerIdempotency | undefined = key
      ? {
          callerId: actorId,
          operation: 'bulk-approve',
          key,
          request: { ids, notes: body.notes ?? null },
        }
      : undefined;
    if (record) {
      const earlier = await replayed<BulkApproveResult>(record, now);
      if (earlier) return earlier.result;
    }
    // Each approval is its own transaction; one that cannot happen does not stop the others.
    const outcomes = await Promise.allSettled(
      ids.map((id) => changeFeatureStatus(id, 'approved', body.notes, undefined, now, actorId)),
    );
    const result: BulkApproveResult = { approved: [], failed: [] };
    outcomes.forEach((outcome, index) => {
      const id = ids[index] ?? '';
      if (outcome.status === 'fulfilled') result.approved.push(id);
      else if (outcome.reason instanceof AppError)
        result.failed.push({ id, error: outcome.reason.message });
      else throw outcome.reason;
    });
    // Approvals move no eggs: the outcome is stored once all are done, for a retry to replay.
    return record ? storeOutcome(record, result, now) : result;
  },
});
