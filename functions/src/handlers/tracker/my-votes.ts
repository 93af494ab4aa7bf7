import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import type { Page } from '../../modules/table/query-page';
import { votesOf } from '../../modules/tracker/tracker-votes-repository';
import type { Caller } from '../../http/access';
import { findVoter } from './voter';

export interface PageWithMyVotes<Item> extends Page<Item & { my_vote: VoteDirection | null }> {
  /** The Set-Cookie of a new anonymous id, for a visitor who came without a valid one. */
  readonly headers: Record<string, string>;
}

/**
 * A tracker list page with the reader's own vote on each item (`my_vote`, null for none): the page
 * and the reader are looked up together, then the reader's votes on that page. The tracker pages
 * always load these lists, so this is where an anonymous visitor without a valid id cookie gets
 * one: their first vote then carries it (a vote without it is refused).
 */
export async function withMyVotes<Item extends { readonly id: string }>(
  event: APIGatewayProxyEventV2,
  caller: () => Promise<Caller>,
  type: VoteTargetType,
  list: Promise<Page<Item>>,
): Promise<PageWithMyVotes<Item>> {
  const [result, voter] = await Promise.all([list, findVoter(event, caller, true)]);
  const mine = voter.fresh
    ? new Map<string, VoteDirection>()
    : await votesOf(
        voter.id,
        type,
        result.items.map((item) => item.id),
      );
  return {
    items: result.items.map((item) => ({ ...item, my_vote: mine.get(item.id) ?? null })),
    nextCursor: result.nextCursor,
    headers: voter.headers,
  };
}
