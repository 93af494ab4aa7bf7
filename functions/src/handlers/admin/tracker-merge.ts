import { TRACKER_MERGE_MESSAGES, type MergeResult } from '@hatchworks/shared/schemas/merge';
import {
  mergeTracker,
  readTrackerMergeStatus,
  unmergeTracker,
} from '../../modules/votable/tracker-kind';
import { ValidationError } from '../../lib/errors';
import { authHandler } from '../../http/auth-handler';
import type { HandlerResult } from '../../http/response';
import { trackerMerge as route } from '@hatchworks/shared/contracts/tracker';

/**
 * `POST /api/admin/tracker/merges`: one route for merging tracker requests and project
 * suggestions (the AWS stack's resource budget allows few routes): `action` `merge` starts or
 * resumes merging `from_id` into `into_id`, `unmerge` undoes it within 30 days, `status` answers
 * where it stands. 200 when done, 202 when steps remain (POST again, the same body).
 */
export const handler = authHandler({
  route,
  handler: async ({ body, user }): Promise<HandlerResult<MergeResult>> => {
    if (body.action === 'status') {
      return {
        kind: 'result',
        status: 200,
        data: { merge: await readTrackerMergeStatus(body.type, body.from_id) },
      };
    }
    const admin = await user();
    if (body.action === 'unmerge') {
      const run = await unmergeTracker(body.type, body.from_id, admin.id);
      return { kind: 'result', status: run.done ? 200 : 202, data: { merge: run.status } };
    }
    if (!body.into_id) {
      throw new ValidationError(
        [{ field: 'into_id', message: TRACKER_MERGE_MESSAGES.intoId }],
        TRACKER_MERGE_MESSAGES.intoId,
      );
    }
    const run = await mergeTracker(body.type, body.from_id, body.into_id, admin.id);
    return { kind: 'result', status: run.done ? 200 : 202, data: { merge: run.status } };
  },
});
