import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import type { Page } from '../../data/query-page';
import { votesOf } from '../../data/tracker-votes-repository';
import type { Caller } from '../../middleware/access';
import { findVoter } from './voter';

/**
 * A tracker list page with the reader's own vote on each item (`my_vote`, null for none): the page
 * and the reader are looked up together, then the reader's votes on that page. Visitors without an
 * anonymous id have no votes.
 */
export async function withMyVotes<Item extends { readonly id: string }>(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
  type: VoteTargetType,
  list: Promise<Page<Item>>,
): Promise<Page<Item & { my_vote: VoteDirection | null }>> {
  const [result, voter] = await Promise.all([list, findVoter(event, caller, false)]);
  const mine = voter
    ? await votesOf(
        voter.id,
        type,
        result.items.map((item) => item.id),
      )
    : new Map<string, VoteDirection>();
  return {
    items: result.items.map((item) => ({ ...item, my_vote: mine.get(item.id) ?? null })),
    nextCursor: result.nextCursor,
  };
}
