import type { RouteContract } from '../../contract';
import { TrackerVoteInputSchema, TrackerVoteResultSchema } from '../../schemas/tracker';

export const trackerVote = {
  id: 'TrackerVote',
  method: 'POST',
  path: '/api/tracker/vote',
  access: 'public',
  body: TrackerVoteInputSchema,
  bodyMessages: true,
  data: TrackerVoteResultSchema,
} as const satisfies RouteContract;
