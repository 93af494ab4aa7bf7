import type { RouteContract } from '../../contract';
import { VoteInputSchema, VoteResultSchema } from '../../schemas/features';

/** Puts eggs of the caller's balance on an approved feature ('Invalid egg amount' when refused). */
export const voteFeature = {
  id: 'VoteFeature',
  method: 'POST',
  path: '/api/features/vote',
  access: 'user',
  body: VoteInputSchema,
  bodyMessages: true,
  data: VoteResultSchema,
} as const satisfies RouteContract;
