import type { VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import { tableName } from '../table/client';
import { anonymousVoteGuardKeys } from '../table/keys';
import type { TransactItem } from '../table/transactions';

const DAY_SECONDS = 24 * 3600;

/** Seconds from `now` to the next UTC midnight, when a network's daily guards lapse. */
export const secondsToNextUtcDay = (now: Date) =>
  DAY_SECONDS - (Math.floor(now.getTime() / 1000) % DAY_SECONDS);

/**
 * The guard that lets one anonymous voter per network add votes on a target per UTC day: created
 * by the first, taken again by that same voter (who may remove and re-add their vote), refused to
 * any other. It is kept when the vote is removed, so a network cannot hand the day's vote round.
 */
export function networkGuard(
  network: string,
  identity: { voterId: string; type: VoteTargetType; targetId: string },
  now: Date,
): TransactItem {
  const day = now.toISOString().slice(0, 10);
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...anonymousVoteGuardKeys.item(network, identity.type, identity.targetId, day),
        entity: 'AnonymousVoteGuard',
        voter_id: identity.voterId,
        network,
        target_type: identity.type,
        target_id: identity.targetId,
        day,
        created_at: now.toISOString(),
        // TTL only tidies up: the day is in the key, so an old guard never refuses anything.
        expires_at: Math.floor(now.getTime() / 1000) + secondsToNextUtcDay(now),
      },
      ConditionExpression: 'attribute_not_exists(PK) OR voter_id = :voter',
      ExpressionAttributeValues: { ':voter': identity.voterId },
    },
  };
}
